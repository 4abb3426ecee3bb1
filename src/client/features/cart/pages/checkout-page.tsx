import { Link } from 'wouter';
import { Trash2 } from 'lucide-react';
import { formatZAR, randToCents, vatFromInclusive } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { PageHeader, Section } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { readCart, useCart } from '../cart-store.ts';

function removeItem(id: string) {
  localStorage.setItem(
    storageKeys.cart,
    JSON.stringify(readCart().filter((item) => item.id !== id)),
  );
  window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.cart }));
}

export function CheckoutPage() {
  const items = useCart();
  const totalCents = items.reduce(
    (sum, item) => sum + randToCents(item.price) * (item.quantity ?? 1),
    0,
  );
  return (
    <>
      <PageHeader
        eyebrow="Checkout"
        title="Your cart"
        lead="Review what you are buying. All prices include VAT at 15%."
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
          <Card className="max-w-2xl">
            <ul className="divide-y divide-line">
              {items.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-semibold text-ink">{item.title}</p>
                    <p className="text-sm text-muted">Quantity {item.quantity ?? 1}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className="font-semibold">
                      {formatZAR(randToCents(item.price) * (item.quantity ?? 1))}
                    </span>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${item.title}`}
                      onClick={() => removeItem(item.id)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <dl className="mt-4 space-y-1 border-t border-line pt-4 text-sm">
              <div className="flex justify-between">
                <dt className="text-muted">VAT (15%) included</dt>
                <dd>{formatZAR(vatFromInclusive(totalCents))}</dd>
              </div>
              <div className="flex justify-between text-lg font-bold">
                <dt>Total</dt>
                <dd>{formatZAR(totalCents)}</dd>
              </div>
            </dl>
          </Card>
        )}
      </Section>
    </>
  );
}
