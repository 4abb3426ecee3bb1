import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { orderStatusLabels, type Order } from '#shared/orders.schemas.ts';
import { bankTransferPath, invoicePdfPath, orderPath, paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CardDescription } from '../../../components/ui/card.tsx';
import { payOrder, usePayfastStart } from '../../../lib/payfast.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';

const shown = 5;

const summary = (order: Order) => {
  const [first, ...rest] = order.items;
  if (!first) return '';
  return rest.length ? `${first.title} and ${rest.length} more` : first.title;
};

/** What the order's monthly services charge each month after the first, in cents. */
const monthlyOf = (order: Order) =>
  order.items.reduce(
    (sum, item) => sum + (item.monthly === null ? 0 : randToCents(item.monthly)),
    0,
  );

/**
 * An unpaid order stays payable: straight back to PayFast with a fresh signed form, or by bank
 * transfer (the page with our bank details, what arrived so far and the proof of payment).
 */
function PayNowButton({ reference }: { reference: string }) {
  const { busy, start } = usePayfastStart();
  return (
    <Button size="sm" disabled={busy} onClick={() => start(() => payOrder(reference))}>
      {busy ? 'Sending you to PayFast…' : 'Pay now'}
    </Button>
  );
}

/** The customer's latest orders with their status, total, invoice and a way to pay. */
export function OrdersPanel() {
  const orders = useMyOrders();
  return (
    <DashboardPanel title="Orders" query={orders} what="your orders">
      {(data) =>
        data.length === 0 ? (
          <>
            <CardDescription className="mt-2">
              No orders yet. Browse our services to place your first one.
            </CardDescription>
            <Link
              href={paths.services}
              className="mt-4 inline-block font-semibold text-brand-700 hover:underline"
            >
              Browse services
            </Link>
          </>
        ) : (
          <>
            <ul className="mt-3 divide-y divide-line" aria-label="Your orders">
              {data.slice(0, shown).map((order) => (
                <li key={order.reference} className="grid gap-1 py-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Link
                      href={orderPath(order.reference)}
                      className="font-mono font-semibold text-brand-700 hover:underline"
                    >
                      {order.reference}
                    </Link>
                    <span className="flex items-center gap-3">
                      <StatusBadge status={order.status}>
                        {orderStatusLabels[order.status]}
                      </StatusBadge>
                      <span className="font-semibold tabular-nums">
                        {formatZAR(randToCents(order.total))}
                      </span>
                    </span>
                  </div>
                  <p className="text-sm [overflow-wrap:anywhere] text-muted">
                    {summary(order)} · {formatDate(order.createdAt)}
                    {order.dueOn && order.status === 'pending_payment' && (
                      <> · due by {formatDate(order.dueOn)}</>
                    )}
                  </p>
                  {monthlyOf(order) > 0 && (
                    <p className="text-sm text-ink">Then {formatZAR(monthlyOf(order))} per month</p>
                  )}
                  {order.status === 'pending_payment' && order.received > 0 && (
                    <p className="text-sm text-ink">
                      {formatZAR(randToCents(order.received))} received,{' '}
                      <strong>
                        {formatZAR(randToCents(order.total) - randToCents(order.received))} still
                        due
                      </strong>
                    </p>
                  )}
                  {(order.invoice || order.status === 'pending_payment') && (
                    <div className="flex flex-wrap items-center gap-3">
                      {order.invoice && (
                        <PdfLink
                          href={invoicePdfPath(order.reference)}
                          label={`Invoice ${order.invoice} (PDF)`}
                        />
                      )}
                      {order.status === 'pending_payment' && (
                        <>
                          <PayNowButton reference={order.reference} />
                          <Link
                            href={bankTransferPath(order.reference)}
                            className="text-sm font-semibold text-brand-700 hover:underline"
                          >
                            {order.awaiting === 'eft' ? 'How to pay by EFT' : 'Pay by EFT'}
                            <span className="sr-only"> for {order.reference}</span>
                          </Link>
                        </>
                      )}
                    </div>
                  )}
                </li>
              ))}
            </ul>
            {data.length > shown && (
              <p className="mt-2 text-sm text-muted">
                Showing your latest {shown} of {data.length} orders.
              </p>
            )}
          </>
        )
      }
    </DashboardPanel>
  );
}
