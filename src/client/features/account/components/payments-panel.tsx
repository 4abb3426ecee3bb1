import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '#shared/dates.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { paths, paymentDetailsPath } from '#shared/routes.ts';
import { Card, CardDescription } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { myPaymentsQueryOptions, paymentStatusText } from '../api/payments.ts';
import { StatusBadge } from './status-badge.tsx';

const shown = 3;

/** The latest card payments, each linking to its details; the full history is a page away. */
export function PaymentsPanel() {
  const payments = useQuery(myPaymentsQueryOptions);
  return (
    <Card>
      <h2 className="text-lg font-bold text-ink">Payments</h2>
      {payments.isPending ? (
        <Spinner className="mt-3" label="Loading your payments" />
      ) : payments.isError ? (
        <p role="alert" className="mt-2 text-sm">
          We could not load your payments: {payments.error.message}
        </p>
      ) : payments.data.length === 0 ? (
        <CardDescription className="mt-2">
          No payments yet. Your card payments and tax invoices will be listed here.
        </CardDescription>
      ) : (
        <ul className="mt-3 divide-y divide-line" aria-label="Your latest payments">
          {payments.data.slice(0, shown).map((payment) => (
            <li
              key={payment.reference}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span>
                <Link
                  href={paymentDetailsPath(payment.reference)}
                  className="font-mono font-semibold text-brand-700 hover:underline"
                >
                  {payment.reference}
                </Link>{' '}
                <span className="text-sm text-muted">{formatDate(payment.createdAt)}</span>
              </span>
              <span className="flex items-center gap-3">
                <StatusBadge status={payment.status}>
                  {paymentStatusText[payment.status]}
                </StatusBadge>
                <span className="font-semibold tabular-nums">
                  {formatZAR(randToCents(payment.amount))}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link
        href={paths.userPayments}
        className="mt-4 inline-block font-semibold text-brand-700 hover:underline"
      >
        Payment history
      </Link>
    </Card>
  );
}
