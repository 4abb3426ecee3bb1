import { useState } from 'react';
import { useLocation } from 'wouter';
import { ShoppingCart } from 'lucide-react';
import {
  billingSuffix,
  liveCatalogue,
  type CatalogueService,
  type LiveCatalogue,
} from '#shared/catalogue.ts';
import { formatZAR } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { sentences } from '#shared/vat-wording.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { addToCart, detailsForm, type CartItem } from '../../../lib/cart.ts';
import { useCatalogue } from '../../../lib/catalogue.tsx';
import { vat } from '../../../lib/site.ts';

/**
 * Only fixed-price packages can be bundled; quote-only services are left to a request, and the
 * full speed report to its own page (it needs the address it measures).
 */
const buildable = (catalogue: LiveCatalogue): CatalogueService[] =>
  catalogue.services
    .map((service) => ({
      ...service,
      packages: service.packages.filter((p) => p.pricing === 'fixed' && p.id !== 'speed-report'),
    }))
    .filter((service) => service.packages.length > 0);

/** The service whose line needs the company's details from its own form. */
const registrationSlug = 'business-registration';

interface Choice {
  packageId: string;
  addOnIds: string[];
}

export interface BuilderLine {
  service: CatalogueService;
  title: string;
  packageId: string;
  addOnIds: string[];
  cents: number;
  deliveryDays: number;
  recurring: boolean;
  /** How the line's price reads after it ("per month"), when its parts are billed alike. */
  suffix: string;
}

/** The priced lines of a selection: each package with its add-ons, from the catalogue. */
export function builderLines(
  choices: Record<string, Choice>,
  catalogue: LiveCatalogue = liveCatalogue(),
): BuilderLine[] {
  return buildable(catalogue).flatMap((service) => {
    const choice = choices[service.slug];
    const pkg = service.packages.find((p) => p.id === choice?.packageId);
    if (!choice || !pkg) return [];
    const addOns = service.addOns.filter((a) => choice.addOnIds.includes(a.id));
    return [
      {
        service,
        title: [`${service.name}: ${pkg.name}`, ...addOns.map((a) => a.name)].join(' + '),
        packageId: pkg.id,
        addOnIds: addOns.map((a) => a.id),
        cents: pkg.priceCents + addOns.reduce((sum, a) => sum + a.priceCents, 0),
        deliveryDays: pkg.deliveryDays,
        recurring: pkg.billing !== 'once' || addOns.some((a) => a.billing !== 'once'),
        suffix: addOns.every((a) => a.billing === pkg.billing) ? billingSuffix[pkg.billing] : '',
      },
    ];
  });
}

function deliveryEstimate(lines: BuilderLine[]): string {
  const days = Math.max(0, ...lines.map((l) => l.deliveryDays));
  if (days === 0) return 'Delivered within minutes';
  return `Everything delivered within ${days} business ${days === 1 ? 'day' : 'days'} (we work in parallel)`;
}

export function ServiceBuilder() {
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [, navigate] = useLocation();
  const catalogue = useCatalogue();
  const services = buildable(catalogue);
  const lines = builderLines(choices, catalogue);
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0);

  const toggleService = (service: CatalogueService, on: boolean) =>
    setChoices((current) => {
      const next = { ...current };
      if (on) {
        const pkg = service.packages.find((p) => p.featured) ?? service.packages[0]!;
        next[service.slug] = { packageId: pkg.id, addOnIds: [] };
      } else delete next[service.slug];
      return next;
    });
  const update = (slug: string, change: Partial<Choice>) =>
    setChoices((current) => ({ ...current, [slug]: { ...current[slug]!, ...change } }));

  const registration = lines.find((line) => line.service.slug === registrationSlug);

  function addBundle() {
    const cartLines: CartItem[] = lines.map((line) =>
      line === registration
        ? // Completed with the company's details on the registration form, before paying.
          {
            id: `registration:${crypto.randomUUID()}`,
            type: 'business-registration',
            packageId: line.packageId,
            addOnIds: line.addOnIds,
            title: line.title,
            price: line.cents / 100,
          }
        : {
            id: `bundle:${line.packageId}:${line.addOnIds.join(',')}`,
            type: 'bundle' as const,
            serviceSlug: line.service.slug,
            packageId: line.packageId,
            addOnIds: line.addOnIds,
            title: line.title,
            price: line.cents / 100,
          },
    );
    addToCart(...cartLines);
    const form = cartLines.map(detailsForm).find(Boolean);
    toast({
      title: 'Added to cart',
      description: form
        ? `${lines.length} ${lines.length === 1 ? 'service' : 'services'}, ${formatZAR(totalCents)}${vat.incl}. One more step: ${form.what}.`
        : `${lines.length} ${lines.length === 1 ? 'service' : 'services'}, ${formatZAR(totalCents)}${vat.incl}`,
      variant: 'success',
    });
    navigate(form ? form.href : paths.checkout);
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <ul className="grid gap-4">
        {services.map((service) => {
          const choice = choices[service.slug];
          const boxId = `include-${service.slug}`;
          return (
            <li key={service.slug}>
              <Card highlight={Boolean(choice)}>
                <label htmlFor={boxId} className="flex cursor-pointer items-start gap-3">
                  <input
                    id={boxId}
                    type="checkbox"
                    className="mt-1 size-5 shrink-0 accent-brand-700"
                    checked={Boolean(choice)}
                    onChange={(event) => toggleService(service, event.target.checked)}
                  />
                  <span>
                    <span className="block text-lg font-bold text-ink">{service.name}</span>
                    <span className="block text-sm text-muted">{service.summary}</span>
                  </span>
                </label>
                {choice && (
                  <div className="mt-4 grid gap-4 pl-8">
                    <fieldset className="grid gap-2">
                      <legend className="mb-1 text-sm font-semibold text-ink">Package</legend>
                      {service.packages.map((pkg) => (
                        <label key={pkg.id} className="flex items-center gap-3">
                          <input
                            type="radio"
                            name={`package-${service.slug}`}
                            className="size-5 shrink-0 accent-brand-700"
                            checked={choice.packageId === pkg.id}
                            onChange={() => update(service.slug, { packageId: pkg.id })}
                          />
                          <span className="flex-1">{pkg.name}</span>
                          <span className="text-sm tabular-nums">
                            {formatZAR(pkg.priceCents)}
                            {billingSuffix[pkg.billing]}
                          </span>
                        </label>
                      ))}
                    </fieldset>
                    {service.addOns.length > 0 && (
                      <fieldset className="grid gap-2">
                        <legend className="mb-1 text-sm font-semibold text-ink">Add-ons</legend>
                        {service.addOns.map((addOn) => (
                          <label key={addOn.id} className="flex items-center gap-3">
                            <input
                              type="checkbox"
                              className="size-5 shrink-0 accent-brand-700"
                              checked={choice.addOnIds.includes(addOn.id)}
                              onChange={(event) =>
                                update(service.slug, {
                                  addOnIds: event.target.checked
                                    ? [...choice.addOnIds, addOn.id]
                                    : choice.addOnIds.filter((id) => id !== addOn.id),
                                })
                              }
                            />
                            <span className="flex-1">{addOn.name}</span>
                            <span className="text-sm tabular-nums">
                              +{formatZAR(addOn.priceCents)}
                              {billingSuffix[addOn.billing]}
                            </span>
                          </label>
                        ))}
                      </fieldset>
                    )}
                  </div>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
      <aside aria-labelledby="bundle-heading" className="lg:sticky lg:top-24 lg:self-start">
        <Card>
          <h3 id="bundle-heading" className="text-lg font-bold text-ink">
            Your selection
          </h3>
          {lines.length === 0 ? (
            <p className="mt-2 text-sm text-muted">Tick the services you need to see the total.</p>
          ) : (
            <ul className="mt-3 divide-y divide-line text-sm">
              {lines.map((line) => (
                <li key={line.packageId} className="flex justify-between gap-3 py-2">
                  <span className="text-muted">{line.title}</span>
                  <span className="font-semibold whitespace-nowrap tabular-nums">
                    {formatZAR(line.cents)}
                    {line.suffix}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p
            className="mt-3 flex justify-between gap-4 border-t-2 border-ink pt-3"
            aria-live="polite"
          >
            <span className="font-bold text-ink">Total{vat.incl}</span>
            <span
              className="font-extrabold whitespace-nowrap tabular-nums"
              data-testid="builder-total"
            >
              {formatZAR(totalCents)}
            </span>
          </p>
          {lines.length > 0 && (
            <>
              <p className="mt-1 text-sm text-muted">
                {sentences(vat.vatIn(totalCents), `${deliveryEstimate(lines)}.`)}
              </p>
              {registration && (
                <p className="mt-1 text-sm text-muted">
                  Company registration needs your company’s names and directors: the next step is
                  its form, then you pay.
                </p>
              )}
              {lines.some((l) => l.recurring) && (
                <p className="mt-1 text-sm text-muted">
                  Monthly services: the first month is included; they then renew monthly.
                </p>
              )}
            </>
          )}
          <Button className="mt-4 w-full" disabled={lines.length === 0} onClick={addBundle}>
            <ShoppingCart aria-hidden="true" />
            Add bundle to cart
          </Button>
        </Card>
      </aside>
    </div>
  );
}
