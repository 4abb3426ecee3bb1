import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ShoppingCart } from 'lucide-react';
import { formatZAR } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { normalizeSiteUrl, siteUrlSchema } from '#shared/speed-reports.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { addToCart } from '../../../lib/cart.ts';
import { useCatalogue } from '../../../lib/catalogue.tsx';
import { site, vat } from '../../../lib/site.ts';

/**
 * The R199 full report into the cart, with the address it measures (issue 16 §6): the cart line
 * carries the address, the order checks it is a public website, and the report runs once paid.
 */
export function FullReportOrder() {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const id = useId();
  const service = useCatalogue().findService('speed-optimization');
  const pkg = service?.packages.find((p) => p.id === 'speed-report');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = siteUrlSchema.safeParse(url);
    const address = parsed.success ? normalizeSiteUrl(parsed.data) : null;
    if (!address) {
      setError(parsed.error?.issues[0]?.message ?? 'Enter a website address');
      return;
    }
    setError(null);
    if (!service || !pkg) return;
    const title = `${service.name}: ${pkg.name} for ${address.host}`;
    addToCart({
      id: `speed-report:${address.href}`,
      type: 'speed-report',
      packageId: pkg.id,
      url: address.href,
      title,
      price: pkg.priceCents / 100,
    });
    toast({
      title: 'Added to cart',
      description: `${title}, ${formatZAR(pkg.priceCents)}${vat.incl}`,
      variant: 'success',
    });
    navigate(paths.checkout);
  }

  if (!pkg) return <p className="text-muted">The full report is not on sale at the moment.</p>;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        The website to measure
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder={site.exampleHost}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="sm:flex-1"
        />
        <Button type="submit">
          <ShoppingCart aria-hidden="true" />
          Add the full report to the cart ({formatZAR(pkg.priceCents)})
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
