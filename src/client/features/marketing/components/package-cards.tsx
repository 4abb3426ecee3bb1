import { Link } from 'wouter';
import { Check, ShoppingCart } from 'lucide-react';
import { billingSuffix, type CataloguePackage, type CatalogueService } from '#shared/catalogue.ts';
import { formatZAR } from '#shared/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { addToCart } from '../../../lib/cart.ts';
import { useCatalogue } from '../../../lib/catalogue.tsx';
import { cn } from '../../../lib/cn.ts';
import { separated } from '../../../lib/separated.ts';
import { vat } from '../../../lib/site.ts';

/** What "Add to cart" puts in the cart for a package (SPEC §3 cart; the server re-prices it). */
export function addPackageToCart(service: CatalogueService, pkg: CataloguePackage): void {
  const title = `${service.name}: ${pkg.name}`;
  addToCart({
    id: `package:${pkg.id}`,
    type: 'package',
    serviceSlug: service.slug,
    packageId: pkg.id,
    addOnIds: [],
    title,
    price: pkg.priceCents / 100,
  });
  toast({
    title: 'Added to cart',
    description: `${title}, ${formatZAR(pkg.priceCents)}${billingSuffix[pkg.billing]}${vat.incl}`,
    variant: 'success',
  });
}

export function PriceLine({ pkg }: { pkg: CataloguePackage }) {
  return (
    <>
      <p className="mt-4 text-2xl font-extrabold text-ink min-[380px]:text-3xl">
        {pkg.pricing === 'from' && <span className="text-base font-semibold">from </span>}
        <span className="whitespace-nowrap">{formatZAR(pkg.priceCents)}</span>
      </p>
      <p className="text-sm text-muted">
        {separated(`${vat.incl}${billingSuffix[pkg.billing]}`, pkg.delivery)}
      </p>
    </>
  );
}

/**
 * A service's packages with their prices from the live catalogue. Fixed-price packages go into the
 * cart; "from" prices lead to `quoteHref`.
 */
export function PackageCards({
  serviceSlug,
  quoteHref,
  onChoose,
}: {
  serviceSlug: string;
  quoteHref?: string;
  /** Replaces "Add to cart", e.g. to pick the package in an order form. */
  onChoose?: (pkg: CataloguePackage) => void;
}) {
  const service = useCatalogue().findService(serviceSlug);
  if (!service?.packages.length) {
    return <p className="text-muted">These packages are not on sale at the moment.</p>;
  }
  const columns =
    service.packages.length === 4 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'md:grid-cols-3';
  return (
    <ul className={cn('grid gap-6', columns)}>
      {service.packages.map((pkg) => (
        <li key={pkg.id}>
          <Card highlight={pkg.featured} className="flex h-full flex-col">
            {pkg.featured && (
              <p className="mb-3 w-fit rounded-full bg-accent-100 px-3 py-1 text-xs font-bold text-ink">
                Most popular
              </p>
            )}
            <CardTitle>{pkg.name}</CardTitle>
            {pkg.bestFor && <CardDescription className="mt-1">{pkg.bestFor}</CardDescription>}
            <PriceLine pkg={pkg} />
            <ul className="mt-4 flex-1 space-y-2 text-sm">
              {pkg.features.map((feature) => (
                <li key={feature} className="flex gap-2 text-muted">
                  <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            {onChoose ? (
              <Button
                className="mt-6"
                variant={pkg.featured ? 'default' : 'outline'}
                onClick={() => onChoose(pkg)}
              >
                Choose {pkg.name}
              </Button>
            ) : pkg.pricing === 'fixed' ? (
              <Button
                className="mt-6"
                variant={pkg.featured ? 'default' : 'outline'}
                aria-label={`Add to cart: ${pkg.name}`}
                onClick={() => addPackageToCart(service, pkg)}
              >
                <ShoppingCart aria-hidden="true" />
                Add to cart
              </Button>
            ) : (
              <Button asChild className="mt-6" variant={pkg.featured ? 'default' : 'outline'}>
                <Link href={quoteHref ?? '/services/request-service'}>Request a quote</Link>
              </Button>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
