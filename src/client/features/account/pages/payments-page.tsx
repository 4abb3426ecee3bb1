import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { paths, paymentDetailsPath } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { myPaymentsQueryOptions, paymentStatusText } from '../api/payments.ts';
import { AccountShell } from '../components/account-shell.tsx';
import { InvoiceLink } from '../components/invoice-link.tsx';
import { StatusBadge } from '../components/status-badge.tsx';

/** /user/payments: every card payment with its status and a link to its details. */
export function PaymentsPage() {
  const payments = useQuery(myPaymentsQueryOptions);
  return (
    <AccountShell>
      <h1 className="text-3xl font-extrabold text-ink">Payments</h1>
      <div className="mt-6">
        {payments.isPending ? (
          <Spinner label="Loading your payments" />
        ) : payments.isError ? (
          <p role="alert">We could not load your payments: {payments.error.message}</p>
        ) : payments.data.length === 0 ? (
          <Card className="max-w-xl">
            <h2 className="text-lg font-bold text-ink">No payments yet</h2>
            <p className="mt-2 text-muted">
              When you pay for a service or a domain, the payment and its invoice appear here.
            </p>
            <Button asChild className="mt-4">
              <Link href={paths.services}>Browse services</Link>
            </Button>
          </Card>
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
            {payments.data.map((payment) => (
              <li
                key={payment.reference}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              >
                <div>
                  <Link
                    href={paymentDetailsPath(payment.reference)}
                    className="font-mono font-semibold text-brand-700 hover:underline"
                  >
                    {payment.reference}
                  </Link>
                  <p className="text-sm text-muted">
                    Order {payment.order.reference} · {formatDate(payment.createdAt)}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  {payment.order.invoice && (
                    <InvoiceLink
                      orderReference={payment.order.reference}
                      label={`${payment.order.invoice} (PDF)`}
                    />
                  )}
                  <StatusBadge status={payment.status}>
                    {paymentStatusText[payment.status]}
                  </StatusBadge>
                  <span className="font-semibold tabular-nums">
                    {formatZAR(randToCents(payment.amount))}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AccountShell>
  );
}
