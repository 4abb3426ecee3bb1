import { Link, useParams } from 'wouter';
import { formatDate, saToday } from '#shared/dates.ts';
import { formatRand, randToCents, centsToRand } from '#shared/money.ts';
import { orderStatusLabels, type Order } from '#shared/orders.schemas.ts';
import { bankTransferPath, invoicePdfPath, paths, proFormaPdfPath } from '#shared/routes.ts';
import { DataTable, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useMyCredit } from '../../../lib/api/get-my-credit.ts';
import { cn } from '../../../lib/cn.ts';
import { payOrder, usePayfastStart } from '../../../lib/payfast.ts';
import { vat } from '../../../lib/site.ts';
import { useMyOrder } from '../api/get-my-order.ts';
import { usePayFromCredit } from '../api/pay-from-credit.ts';

/** What is still due on an unpaid order, in cents. */
const dueCents = (order: Order) => randToCents(order.total) - randToCents(order.received);

/** The three ways to pay an unpaid order: card, bank transfer, and account credit when held. */
function WaysToPay({ order }: { order: Order }) {
  const card = usePayfastStart();
  const credit = useMyCredit();
  const fromCredit = usePayFromCredit({
    onSuccess: (applied) => {
      toast({
        title: applied.due === 0 ? 'Paid from your credit' : 'Credit applied',
        description:
          applied.due === 0
            ? `Order ${order.reference} is paid. Your ${vat.invoiceNoun} is on its way by e-mail.`
            : `${formatRand(applied.applied)} applied; ${formatRand(applied.due)} is still due.`,
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({ title: 'Credit not applied', description: error.message, variant: 'destructive' }),
  });
  const due = dueCents(order);
  const usable = Math.min(randToCents(credit.data?.balance ?? 0), due);
  const monthly = order.items.some((item) => item.monthly !== null);
  return (
    <Card className="grid gap-4">
      <h2 className="text-lg font-bold text-ink">Pay {formatRand(centsToRand(due))}</h2>
      <div className="flex flex-wrap gap-3">
        <Button disabled={card.busy} onClick={() => card.start(() => payOrder(order.reference))}>
          {card.busy ? 'Sending you to PayFast…' : 'Pay with card (PayFast)'}
        </Button>
        {!monthly && (
          <Button asChild variant="outline">
            <Link href={bankTransferPath(order.reference)}>Pay by bank transfer (EFT)</Link>
          </Button>
        )}
        {usable > 0 && (
          <Button
            variant="outline"
            disabled={fromCredit.isPending}
            onClick={() =>
              fromCredit.mutate({ orderReference: order.reference, amount: centsToRand(usable) })
            }
          >
            Pay {formatRand(centsToRand(usable))} from my account credit
          </Button>
        )}
      </div>
      <PdfLink href={proFormaPdfPath(order.reference)} label="Pro-forma invoice (PDF)" />
    </Card>
  );
}

function Summary({ order }: { order: Order }) {
  const overdue =
    order.status === 'pending_payment' && order.dueOn !== null && order.dueOn < saToday();
  const rows: [string, string][] = [
    ...(vat.breakdown
      ? ([
          [vat.breakdown.exclusive, formatRand(order.subtotal)],
          [vat.breakdown.vat, formatRand(order.vat)],
        ] as [string, string][])
      : []),
    ['Total', formatRand(order.total)],
    ...(order.status === 'pending_payment' && order.received > 0
      ? ([
          ['Received so far', formatRand(order.received)],
          ['Still due', formatRand(centsToRand(dueCents(order)))],
        ] as [string, string][])
      : []),
  ];
  return (
    <div className="grid gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <StatusBadge status={overdue ? 'overdue' : order.status}>
          {overdue ? 'Overdue' : orderStatusLabels[order.status]}
        </StatusBadge>
        <span>placed {formatDate(order.createdAt)}</span>
        {order.dueOn && order.status === 'pending_payment' && (
          <>
            <span aria-hidden="true">·</span>
            <span className={cn(overdue && 'font-semibold text-red-800')}>
              due by {formatDate(order.dueOn)}
            </span>
          </>
        )}
      </p>
      <DataTable
        label="Order lines"
        caption={`The lines of order ${order.reference}`}
        columns={[
          { label: 'What' },
          { label: 'Quantity', align: 'right' },
          { label: 'Amount', align: 'right' },
        ]}
      >
        {order.items.map((item, index) => (
          <tr key={index}>
            <th scope="row" className={cn(rowHeading, 'font-normal [overflow-wrap:anywhere]')}>
              {item.title}
            </th>
            <td className={numberCell}>{item.quantity}</td>
            <td className={cn(numberCell, 'whitespace-nowrap')}>
              {formatRand(item.total)}
              {item.monthly !== null && ' per month'}
            </td>
          </tr>
        ))}
      </DataTable>
      <dl className="ml-auto grid w-full max-w-sm grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className={cn('text-muted', term === 'Total' && 'font-bold text-ink')}>{term}</dt>
            <dd className={cn('text-right tabular-nums', term === 'Total' && 'font-bold')}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** /user/orders/{reference}: one order, and while it is unpaid every way to pay it. */
export function OrderPage() {
  const { reference = '' } = useParams<{ reference: string }>();
  const query = useMyOrder(reference);
  return (
    <>
      <Link
        href={paths.userDashboard}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold break-all text-ink">Order {reference}</h1>
      <div className="mt-6 grid max-w-3xl gap-6">
        <QueryState query={query} label={`order ${reference}`}>
          {(order) => (
            <>
              <Summary order={order} />
              {order.status === 'pending_payment' ? (
                <WaysToPay order={order} />
              ) : (
                order.invoice && (
                  <PdfLink
                    href={invoicePdfPath(order.reference)}
                    label={`${vat.invoiceTitle} ${order.invoice} (PDF)`}
                  />
                )
              )}
            </>
          )}
        </QueryState>
      </div>
    </>
  );
}
