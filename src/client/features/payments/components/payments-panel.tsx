import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { CardDescription } from '../../../components/ui/card.tsx';
import { useMyPayments } from '../api/get-my-payments.ts';
import { DashboardPanel } from '../../../components/dashboard-panel.tsx';
import { vat } from '../../../lib/site.ts';
import { PaymentRow } from './payment-row.tsx';
import { ActiveSubscriptions } from './active-subscriptions.tsx';

const shown = 3;

/** The latest card payments, each linking to its details; the full history is a page away. */
export function PaymentsPanel() {
  const payments = useMyPayments();
  return (
    <DashboardPanel title="Payments" query={payments} what="your payments">
      {(data) => (
        <>
          {data.length === 0 ? (
            <CardDescription className="mt-2">
              No payments yet. Your card payments and {vat.invoiceNoun}s will be listed here.
            </CardDescription>
          ) : (
            <ul className="mt-3 divide-y divide-line" aria-label="Your latest payments">
              {data.slice(0, shown).map((payment) => (
                <PaymentRow key={payment.reference} payment={payment} className="py-2" />
              ))}
            </ul>
          )}
          <ActiveSubscriptions />
          <Link
            href={paths.userPayments}
            className="mt-4 inline-block font-semibold text-brand-700 hover:underline"
          >
            Payment history
          </Link>
        </>
      )}
    </DashboardPanel>
  );
}
