import { useEffect, type ReactNode } from 'react';
import type { LiveCatalogue } from '#shared/catalogue.ts';
import { Link } from 'wouter';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { formatZAR, randToCents, vatFromInclusive } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { PageHeader, Section } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import {
  cartTotals,
  detailsForm,
  maxQuantity,
  readCart,
  removeFromCart,
  setCartQuantity,
  useCart,
  writeCart,
  type CartItem,
} from '../../../lib/cart.ts';
import { useCatalogue } from '../../../lib/catalogue.tsx';
import { CheckoutPayment } from '../components/checkout-payment.tsx';
import { CouponField, useCheckoutCoupon } from '../components/coupon-field.tsx';
import { useUser } from '../../../lib/current-user.ts';
import { vat } from '../../../lib/site.ts';

/**
 * `signIn` is the inline sign-in or registration, shown when nobody is signed in; `details` the
 * signed-in customer's invoice details.
 */
/** A package line's price (with its add-ons) in the live catalogue; undefined for other lines. */
function catalogueCents(catalogue: LiveCatalogue, item: CartItem): number | undefined {
  const { packageId, addOnIds } = item as { packageId?: unknown; addOnIds?: unknown };
  if (typeof packageId !== 'string') return undefined;
  const ids = [packageId, ...(Array.isArray(addOnIds) ? (addOnIds as string[]) : [])];
  const prices = ids.map((id) => catalogue.priceCentsOf(id));
  return prices.every((cents) => cents !== undefined)
    ? prices.reduce<number>((sum, cents) => sum + cents, 0)
    : undefined;
}

/** What one of a package line charges every month after the first, in cents; 0 when paid once. */
function monthlyCents(catalogue: LiveCatalogue, item: CartItem): number {
  const { packageId, addOnIds } = item as { packageId?: unknown; addOnIds?: unknown };
  if (typeof packageId !== 'string') return 0;
  const ids = [packageId, ...(Array.isArray(addOnIds) ? (addOnIds as string[]) : [])];
  return catalogue.services
    .flatMap((service) => [...service.packages, ...service.addOns])
    .filter((entry) => ids.includes(entry.id) && entry.billing === 'monthly')
    .reduce((sum, entry) => sum + entry.priceCents, 0);
}

/**
 * Brings the stored prices up to the live catalogue's, so the cart never shows a price the server
 * would not charge after the back office changed one (decision 015); a monthly service is one
 * subscription, so its line holds one.
 */
function repriceCart(catalogue: LiveCatalogue): void {
  const items = readCart();
  let changed = false;
  for (const item of items) {
    const cents = catalogueCents(catalogue, item);
    if (cents !== undefined && cents !== randToCents(item.price)) {
      item.price = cents / 100;
      changed = true;
    }
    if (monthlyCents(catalogue, item) > 0 && (item.quantity ?? 1) > 1) {
      item.quantity = 1;
      changed = true;
    }
  }
  if (changed) writeCart(items);
}

/** How a line's price reads: each, per month, or now and then per month. */
function linePrice(unitCents: number, monthly: number, single: boolean): string {
  if (monthly === 0) return single ? formatZAR(unitCents) : `${formatZAR(unitCents)} each`;
  if (monthly === unitCents) return `${formatZAR(unitCents)} per month`;
  return `${formatZAR(unitCents)} now, then ${formatZAR(monthly)} per month`;
}

export function CheckoutPage({ signIn, details }: { signIn: ReactNode; details: ReactNode }) {
  const items = useCart();
  const catalogue = useCatalogue();
  // A price changed in the back office since the line was added: the cart shows the new one.
  useEffect(() => repriceCart(catalogue), [catalogue]);
  const { user } = useUser();
  const coupon = useCheckoutCoupon(items);
  // What is paid: the cart less the coupon the server accepted, VAT worked out on that.
  const totalCents = cartTotals(items).totalCents - coupon.discountCents;
  const monthlyTotal = items.reduce(
    (sum, item) => sum + monthlyCents(catalogue, item) * (item.quantity ?? 1),
    0,
  );
  return (
    <>
      <PageHeader
        eyebrow="Checkout"
        title="Your cart"
        lead={`Review what you are buying. ${vat.pricesNote}`}
      />
      <Section>
        {items.length === 0 ? (
          <Card className="max-w-xl">
            <h2 className="text-xl font-bold text-ink">Your cart is empty</h2>
            <p className="mt-2 text-muted">
              Add a service package or a domain name to get started.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Button asChild>
                <Link href={paths.services}>Browse services</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href={paths.buyDomain}>Find a domain</Link>
              </Button>
            </div>
          </Card>
        ) : (
          // From 1024 px the details (sign-in or invoice details, terms, pay) sit beside the
          // order summary, which stays in view; on a phone the summary comes first.
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">
            <Card className="lg:sticky lg:top-24 lg:order-2">
              <h2 className="text-lg font-bold text-ink">Order summary</h2>
              <ul className="mt-2 divide-y divide-line">
                {items.map((item) => {
                  const monthly = monthlyCents(catalogue, item);
                  const stepper = maxQuantity(item) > 1 && monthly === 0;
                  const form = detailsForm(item);
                  return (
                    <li
                      key={item.id}
                      className="flex flex-wrap items-center justify-between gap-3 py-3"
                    >
                      <div className="min-w-0">
                        <p className="font-semibold [overflow-wrap:anywhere] text-ink">
                          {item.title}
                        </p>
                        <p className="text-sm text-muted">
                          {linePrice(randToCents(item.price), monthly, !stepper)}
                        </p>
                        {form && (
                          <p className="mt-1 text-sm font-medium text-amber-900">
                            Needs {form.what}.{' '}
                            <Link
                              href={form.href}
                              className="font-semibold text-brand-700 underline"
                            >
                              {form.action}
                            </Link>
                          </p>
                        )}
                      </div>
                      <div className="flex flex-wrap items-center justify-end gap-1 sm:gap-2">
                        {stepper && (
                          <div
                            className="flex items-center rounded-lg border border-line"
                            role="group"
                            aria-label={`Quantity of ${item.title}`}
                          >
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={`One less ${item.title}`}
                              onClick={() => setCartQuantity(item.id, (item.quantity ?? 1) - 1)}
                            >
                              <Minus aria-hidden="true" />
                            </Button>
                            <span className="w-8 text-center tabular-nums" aria-live="polite">
                              {item.quantity ?? 1}
                            </span>
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={`One more ${item.title}`}
                              disabled={(item.quantity ?? 1) >= maxQuantity(item)}
                              onClick={() => setCartQuantity(item.id, (item.quantity ?? 1) + 1)}
                            >
                              <Plus aria-hidden="true" />
                            </Button>
                          </div>
                        )}
                        <span className="text-right font-semibold tabular-nums sm:w-28">
                          {formatZAR(randToCents(item.price) * (item.quantity ?? 1))}
                        </span>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Remove ${item.title}`}
                          onClick={() => removeFromCart(item.id)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ul>
              {user && (
                <div className="mt-3 border-t border-line pt-4">
                  <CouponField coupon={coupon} />
                </div>
              )}
              <dl className="mt-4 space-y-1 border-t border-line pt-4 text-sm">
                {coupon.accepted && (
                  <div className="flex justify-between gap-3">
                    <dt className="text-muted">{coupon.accepted.title}</dt>
                    <dd className="whitespace-nowrap">{formatZAR(-coupon.discountCents)}</dd>
                  </div>
                )}
                {vat.breakdown && (
                  <>
                    <div className="flex justify-between">
                      <dt className="text-muted">{vat.breakdown.exclusive}</dt>
                      <dd>{formatZAR(totalCents - vatFromInclusive(totalCents))}</dd>
                    </div>
                    <div className="flex justify-between">
                      <dt className="text-muted">{vat.breakdown.vat}</dt>
                      <dd>{formatZAR(vatFromInclusive(totalCents))}</dd>
                    </div>
                  </>
                )}
                <div className="flex justify-between text-lg font-bold">
                  <dt>{monthlyTotal > 0 ? 'Due today' : 'Total'}</dt>
                  <dd>{formatZAR(totalCents)}</dd>
                </div>
                {monthlyTotal > 0 && (
                  <div className="flex justify-between gap-3">
                    <dt className="text-muted">Then, from next month</dt>
                    <dd className="font-semibold">{formatZAR(monthlyTotal)} per month</dd>
                  </div>
                )}
              </dl>
            </Card>
            <Card className="lg:order-1">
              <CheckoutPayment
                items={items}
                coupon={coupon.accepted?.code}
                totalCents={totalCents}
                signIn={signIn}
                details={details}
              />
            </Card>
          </div>
        )}
      </Section>
    </>
  );
}
