import { useState } from 'react';
import { couponCodeSchema } from '#shared/coupon-code.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import type { CartItem } from '../../../lib/cart.ts';
import { useCouponQuote } from '../api/check-coupon.ts';

/**
 * The coupon applied at checkout: the code, the server's quote of it for the cart as it is now,
 * and the discount it gives (0 while it is checked or refused). The order sends the code only
 * while it is accepted, and the server checks it again when it stores the order.
 */
export function useCheckoutCoupon(items: CartItem[]) {
  const [code, setCode] = useState<string | null>(null);
  const quote = useCouponQuote(code, items);
  const accepted = code !== null && quote.isSuccess ? quote.data : null;
  return {
    code,
    quote,
    accepted,
    discountCents: accepted ? randToCents(accepted.discount) : 0,
    // The same code again asks again (a refusal may no longer hold: a use given back).
    apply: (next: string) => (next === code ? void quote.refetch() : setCode(next)),
    remove: () => setCode(null),
  };
}

export type CheckoutCoupon = ReturnType<typeof useCheckoutCoupon>;

/** "Coupon code" with Apply; once accepted, what it takes off and a way to remove it. */
export function CouponField({ coupon }: { coupon: CheckoutCoupon }) {
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const { accepted, quote } = coupon;
  if (accepted) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm">
        <p role="status" className="text-green-900">
          <span className="font-semibold">{accepted.code}</span> applied:{' '}
          {formatZAR(randToCents(accepted.discount))} off.
        </p>
        <Button variant="ghost" size="sm" onClick={coupon.remove}>
          Remove coupon
        </Button>
      </div>
    );
  }
  const checking = coupon.code !== null && quote.isFetching;
  const refused = coupon.code !== null && quote.isError ? quote.error.message : undefined;
  return (
    <form
      noValidate
      aria-label="Coupon"
      className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-2"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = couponCodeSchema.safeParse(typed);
        setInvalid(parsed.success ? undefined : parsed.error.issues[0]?.message);
        if (parsed.success) coupon.apply(parsed.data);
      }}
    >
      <FormField
        id="coupon-code"
        label="Coupon code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={typed}
        error={invalid ?? refused}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Button type="submit" variant="outline" className="mt-7" disabled={checking}>
        {checking ? 'Checking…' : 'Apply'}
      </Button>
    </form>
  );
}
