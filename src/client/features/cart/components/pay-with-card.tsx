import { useState } from 'react';
import { useLocation } from 'wouter';
import { Link } from 'wouter';
import { CreditCard } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { payOrder } from '../../../lib/payfast.ts';
import type { CartItem } from '../../../lib/cart.ts';
import { useUser } from '../../../lib/current-user.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';

/**
 * Sign in (keeping the cart), accept the terms, then: the order is priced and stored by the
 * server, and the browser goes to PayFast with the signed form.
 */
export function PayWithCard({ items }: { items: CartItem[] }) {
  const { user, isLoading } = useUser();
  const [, navigate] = useLocation();
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);

  if (isLoading) return null;
  if (!user) {
    return (
      <div className="mt-6 grid gap-3 border-t border-line pt-6">
        <p className="text-muted">Sign in or create an account to pay. Your cart stays as it is.</p>
        <div>
          <Button
            onClick={() => {
              localStorage.setItem(storageKeys.checkoutRedirect, paths.checkout);
              navigate(paths.auth);
            }}
          >
            Sign in to pay
          </Button>
        </div>
      </div>
    );
  }

  async function pay() {
    setBusy(true);
    try {
      localStorage.setItem(storageKeys.checkoutRecoveryNeeded, 'true');
      const order = await apiRequest<{ reference: string }>('POST', '/api/orders', { items });
      await payOrder(order.reference);
    } catch (error) {
      localStorage.removeItem(storageKeys.checkoutRecoveryNeeded);
      toast({
        title: 'Payment not started',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 grid gap-4 border-t border-line pt-6">
      <p className="text-sm text-muted [overflow-wrap:anywhere]">
        Paying as {user.fullName} ({user.email}). Your tax invoice is e-mailed to this address.
      </p>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={accepted}
          onChange={(event) => setAccepted(event.target.checked)}
        />
        <span>
          I accept the{' '}
          <Link href={paths.terms} className="font-semibold text-brand-700 underline">
            Terms of Service
          </Link>
          .
        </span>
      </label>
      <div>
        <Button size="lg" disabled={!accepted || busy} onClick={() => void pay()}>
          <CreditCard aria-hidden="true" />
          {busy ? 'Sending you to PayFast…' : 'Pay with card (PayFast)'}
        </Button>
      </div>
    </div>
  );
}
