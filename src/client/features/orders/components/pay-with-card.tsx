import { useEffect, useState, type ReactNode } from 'react';
import { CreditCard } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { AcceptTerms } from '../../../components/accept-terms.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { createOrder } from '../../../lib/api/create-order.ts';
import { payOrder, usePayfastStart } from '../../../lib/payfast.ts';
import type { CartItem } from '../../../lib/cart.ts';
import { useUser } from '../../../lib/current-user.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';

/**
 * Sign in or register right here (the cart stays), accept the terms, then: the order is priced
 * and stored by the server, and the browser goes to PayFast with the signed form.
 */
export function PayWithCard({
  items,
  signIn,
  details,
}: {
  items: CartItem[];
  signIn: ReactNode;
  details: ReactNode;
}) {
  const { user, isLoading } = useUser();
  const [accepted, setAccepted] = useState(false);
  const { busy, error, start } = usePayfastStart();
  const signedOut = !isLoading && !user;

  // SPEC §3 checkout-redirect: any detour to /auth (a forgotten password) comes back here.
  useEffect(() => {
    if (signedOut) localStorage.setItem(storageKeys.checkoutRedirect, paths.checkout);
    else localStorage.removeItem(storageKeys.checkoutRedirect);
  }, [signedOut]);

  if (isLoading) return null;
  if (!user) return signIn;

  const pay = () =>
    start(async () => {
      // SPEC §3 checkout-recovery-needed: set until PayFast's answer lands on the success page.
      localStorage.setItem(storageKeys.checkoutRecoveryNeeded, 'true');
      try {
        const order = await createOrder({ items });
        await payOrder(order.reference);
      } catch (error) {
        localStorage.removeItem(storageKeys.checkoutRecoveryNeeded);
        throw error;
      }
    });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <p className="text-sm text-muted [overflow-wrap:anywhere]">
        Paying as {user.fullName} ({user.email}). Your tax invoice is e-mailed to this address.
      </p>
      {details}
      <AcceptTerms accepted={accepted} onChange={setAccepted} />
      <div>
        <Button
          size="lg"
          className="max-sm:h-auto max-sm:min-h-12 max-sm:w-full max-sm:py-3 max-sm:whitespace-normal"
          disabled={!accepted || busy}
          onClick={pay}
          aria-describedby={error ? 'payment-start-error' : undefined}
        >
          <CreditCard aria-hidden="true" />
          {busy ? 'Sending you to PayFast…' : 'Pay with card (PayFast)'}
        </Button>
        {/* Stays after the toast has gone: why the last try did not reach the payment page. */}
        {error && !busy && (
          <p id="payment-start-error" className="mt-2 text-sm font-medium text-red-700">
            Payment not started: {error}
          </p>
        )}
      </div>
    </div>
  );
}
