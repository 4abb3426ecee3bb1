import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { CircleCheck, Clock } from 'lucide-react';
import { formatZAR, randToCents } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { PageHeader, Section } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { vat } from '../../../lib/site.ts';
import { usePayment } from '../api/get-payment.ts';
import { clearCart } from '../../../lib/cart.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { cancelPayment } from '../api/cancel-payment.ts';

const noSubscription = () => () => {};
const referenceFromUrl = () => new URLSearchParams(window.location.search).get('reference') ?? '';

/** The page is prerendered without a query: hydrate as that, then read the reference. */
const useReference = () => useSyncExternalStore(noSubscription, referenceFromUrl, () => '');

/** Asks every 2 s until the ITN has landed (paid), for at most two minutes. */
function usePaymentStatus(reference: string) {
  const [startedAt] = useState(() => Date.now());
  return usePayment(reference, {
    enabled: Boolean(reference),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && Date.now() - startedAt < 120_000 ? 2000 : false,
  });
}

export function PaymentSuccessPage() {
  const reference = useReference();
  const payment = usePaymentStatus(reference);
  const paid = payment.data?.status === 'paid';
  useEffect(() => {
    if (!paid) return;
    clearCart();
    localStorage.removeItem(storageKeys.checkoutRecoveryNeeded);
  }, [paid]);

  return (
    <>
      <PageHeader
        eyebrow="Payment"
        title={paid ? 'Payment received' : 'Thank you for your payment'}
        lead={
          paid
            ? `Your order is paid. Your ${vat.invoiceNoun} is on its way by e-mail and in your dashboard.`
            : `PayFast sends us a confirmation as soon as your card payment clears; your order and ${vat.invoiceNoun} then appear in your dashboard.`
        }
      />
      <Section>
        <Card className="max-w-xl" role="status">
          {!reference ? (
            <p className="text-muted">Your payments and invoices are listed in your dashboard.</p>
          ) : payment.isError ? (
            <p>We could not check this payment: {payment.error.message}</p>
          ) : paid && payment.data ? (
            <div className="grid gap-2">
              <CircleCheck className="size-8 text-green-700" aria-hidden="true" />
              <p className="text-lg font-bold text-ink">
                Paid: {formatZAR(randToCents(payment.data.amount))}
              </p>
              <p className="text-muted">
                Order {payment.data.order.reference} · payment {payment.data.reference}
              </p>
            </div>
          ) : (
            <div className="flex items-center gap-3">
              <Clock className="size-6 text-brand-700" aria-hidden="true" />
              <p>Waiting for confirmation from PayFast…</p>
            </div>
          )}
          <Button asChild className="mt-4">
            <Link href={paths.userDashboard}>Go to my dashboard</Link>
          </Button>
        </Card>
      </Section>
    </>
  );
}

export function PaymentCancelPage() {
  const reference = useReference();
  // Close the abandoned attempt so the history says "Cancelled"; the order itself stays payable.
  useEffect(() => {
    if (!reference) return;
    cancelPayment(reference).catch(() => {
      // Signed out or not ours: the history simply keeps showing the attempt as started.
    });
  }, [reference]);
  return (
    <PageHeader
      eyebrow="Payment"
      title="Payment cancelled"
      lead="No money was taken. Your cart is still here, so you can pay again whenever you are ready."
    >
      <Button asChild>
        <Link href={paths.checkout}>Back to checkout</Link>
      </Button>
    </PageHeader>
  );
}
