import { useEffect, useState, type ReactNode } from 'react';
import { Landmark, CreditCard, Wallet } from 'lucide-react';
import { formatZAR, randToCents } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { AcceptTerms } from '../../../components/accept-terms.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useMyCredit } from '../../../lib/api/get-my-credit.ts';
import { BeforePayScope, runBeforePay, useBeforePaySteps } from '../../../lib/before-pay.tsx';
import type { CartItem } from '../../../lib/cart.ts';
import { useUser } from '../../../lib/current-user.ts';
import { vat } from '../../../lib/site.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { useCheckoutPayment, type CheckoutMethod } from './use-checkout-payment.ts';

const busyLabels: Record<CheckoutMethod, string> = {
  card: 'Sending you to PayFast…',
  eft: 'Getting the bank details…',
  credit: 'Paying from your credit…',
};

// Wraps onto two lines on a phone instead of running past the edge.
const wideButton =
  'max-sm:h-auto max-sm:min-h-12 max-sm:w-full max-sm:py-3 max-sm:whitespace-normal';

/** "Use my account credit": offered when the customer has some, with what it leaves to pay. */
function CreditChoice({
  creditCents,
  totalCents,
  checked,
  onChange,
}: {
  creditCents: number;
  totalCents: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const used = Math.min(creditCents, totalCents);
  return (
    <div className="grid gap-1 rounded-lg border border-line bg-surface p-3">
      <label className="flex items-start gap-2 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby="credit-choice-hint"
        />
        <span>Use my account credit ({formatZAR(creditCents)} available)</span>
      </label>
      <p id="credit-choice-hint" className="pl-6 text-sm text-muted">
        {used >= totalCents
          ? 'Your credit pays for this whole order.'
          : `${formatZAR(used)} comes off your credit; you pay the other ${formatZAR(totalCents - used)} below.`}
      </p>
    </div>
  );
}

/**
 * Sign in or register right here (the cart stays), accept the terms, then pay: by card through
 * PayFast, or by bank transfer (EFT) with our bank details on the next page — either after the
 * customer's account credit, when they choose to use it.
 */
export function CheckoutPayment({
  items,
  coupon,
  totalCents,
  signIn,
  details,
}: {
  items: CartItem[];
  /** The coupon code the server accepted for the cart, sent with the order. */
  coupon: string | undefined;
  /** What the order comes to: the cart less the coupon's discount. */
  totalCents: number;
  signIn: ReactNode;
  details: ReactNode;
}) {
  const { user, isLoading } = useUser();
  const [accepted, setAccepted] = useState(false);
  const [withCredit, setWithCredit] = useState(false);
  const credit = useMyCredit({ enabled: Boolean(user) });
  const creditCents = credit.data ? Math.max(0, randToCents(credit.data.balance)) : 0;
  const useCents = withCredit ? creditCents : 0;
  const beforePay = useBeforePaySteps();
  const [saveCard, setSaveCard] = useState(false);
  const { busy, error, method, pay } = useCheckoutPayment(
    items,
    coupon,
    useCents,
    () => runBeforePay(beforePay),
    saveCard,
  );
  const signedOut = !isLoading && !user;

  // SPEC §3 checkout-redirect: any detour to /auth (a forgotten password) comes back here.
  useEffect(() => {
    if (signedOut) localStorage.setItem(storageKeys.checkoutRedirect, paths.checkout);
    else localStorage.removeItem(storageKeys.checkoutRedirect);
  }, [signedOut]);

  if (isLoading) return null;
  if (!user) return signIn;

  const disabled = !accepted || busy;
  const label = (own: CheckoutMethod, text: string) =>
    busy && method === own ? busyLabels[own] : text;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <p className="text-sm text-muted [overflow-wrap:anywhere]">
        Paying as {user.fullName} ({user.email}). Your {vat.invoiceNoun} is e-mailed to this
        address.
      </p>
      <BeforePayScope steps={beforePay}>{details}</BeforePayScope>
      <AcceptTerms accepted={accepted} onChange={setAccepted} />
      {creditCents > 0 && (
        <CreditChoice
          creditCents={creditCents}
          totalCents={totalCents}
          checked={withCredit}
          onChange={setWithCredit}
        />
      )}
      <div>
        {useCents < totalCents && (
          <label className="mb-3 flex items-start gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-700"
              checked={saveCard}
              onChange={(event) => setSaveCard(event.target.checked)}
            />
            <span>
              Save my card for renewals (domains and yearly services are charged to it on their due
              date; remove it any time in Payments)
            </span>
          </label>
        )}
        <div className="flex flex-wrap gap-3">
          {useCents > 0 && useCents >= totalCents ? (
            <Button
              size="lg"
              className={wideButton}
              disabled={disabled}
              onClick={() => pay('credit')}
              aria-describedby={error ? 'payment-start-error' : undefined}
            >
              <Wallet aria-hidden="true" />
              {label('credit', 'Pay with my account credit')}
            </Button>
          ) : (
            <>
              <Button
                size="lg"
                className={wideButton}
                disabled={disabled}
                onClick={() => pay('card')}
                aria-describedby={error ? 'payment-start-error' : undefined}
              >
                <CreditCard aria-hidden="true" />
                {label('card', 'Pay with card (PayFast)')}
              </Button>
              <Button
                size="lg"
                variant="outline"
                className={wideButton}
                disabled={disabled}
                onClick={() => pay('eft')}
                aria-describedby={`eft-hint${error ? ' payment-start-error' : ''}`}
              >
                <Landmark aria-hidden="true" />
                {label('eft', 'Pay by bank transfer (EFT)')}
              </Button>
            </>
          )}
        </div>
        {useCents < totalCents && (
          <p id="eft-hint" className="mt-2 text-sm text-muted">
            Paying by bank transfer? You get our bank details and a pro-forma invoice on the next
            page and by e-mail; your order starts once the money is in our account.
          </p>
        )}
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
