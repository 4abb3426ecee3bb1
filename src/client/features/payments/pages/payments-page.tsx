import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMyPayments } from '../api/get-my-payments.ts';
import { PaymentRow } from '../components/payment-row.tsx';
import { SavedCardsSection } from '../components/saved-cards-section.tsx';
import { SubscriptionsSection } from '../components/subscriptions-section.tsx';

/**
 * /user/payments: the cards kept for renewals, the monthly subscriptions, then every card payment
 * with its status and a link to its details.
 */
export function PaymentsPage() {
  const payments = useMyPayments();
  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">Payments</h1>
      <div className="mt-6">
        <SavedCardsSection />
        <SubscriptionsSection />
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
              <PaymentRow
                key={payment.reference}
                payment={payment}
                showInvoice
                className="px-4 py-3"
              />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
