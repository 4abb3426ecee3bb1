import { useId, useState, type ComponentProps } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  addOnEditSchema,
  packageEditSchema,
  tldPriceEditSchema,
  type AddOnEditInput,
  type AdminCatalogue,
  type AdminCatalogueAddOn,
  type AdminCataloguePackage,
  type AdminTldRow,
  type PackageEdit,
  type PackageEditInput,
  type TldPriceEditInput,
} from '#shared/catalogue-admin.schemas.ts';
import { domainYearPrice, toZarCents, yearMarginCents } from '#shared/domain-pricing.ts';
import { formatRand, formatZAR, randToCents, randToDecimalString } from '#shared/money.ts';
import { sentences } from '#shared/vat-wording.ts';
import type { z } from 'zod';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { site, vat } from '../../../lib/site.ts';
import { useAdminCatalogue } from '../api/get-admin-catalogue.ts';
import { useSaveAddOn } from '../api/save-add-on.ts';
import { useSavePackage } from '../api/save-package.ts';
import { useSaveService } from '../api/save-service.ts';
import { useSaveTldPrices } from '../api/save-tld-prices.ts';
import { PriceMovePanel } from '../components/price-move-panel.tsx';

const billingWords = { once: '', monthly: ' per month', yearly: ' per year' } as const;
const money = (rand: number) => formatZAR(randToCents(rand));
const savedNote =
  'The API and the checkout charge it now; the public pages show it within a minute. Orders already placed keep their prices.';

function OnSaleBadge({ active }: { active: boolean }) {
  return active ? (
    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
      On sale
    </span>
  ) : (
    <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-800">
      Off sale
    </span>
  );
}

function Checkbox({
  id,
  label,
  ...input
}: { id: string; label: string } & ComponentProps<'input'>) {
  return (
    <label htmlFor={id} className="flex min-h-10 items-center gap-2 text-sm font-semibold text-ink">
      <input id={id} type="checkbox" className="size-4 accent-brand-700" {...input} />
      {label}
    </label>
  );
}

function PackageForm({ pkg }: { pkg: AdminCataloguePackage }) {
  const id = useId();
  const save = useSavePackage();
  const form = useForm<PackageEditInput, unknown, PackageEdit>({
    resolver: zodResolver(packageEditSchema),
    defaultValues: {
      price: randToDecimalString(pkg.price),
      delivery: pkg.delivery,
      deliveryDays: pkg.deliveryDays,
      bestFor: pkg.bestFor ?? '',
      features: pkg.features.join('\n'),
      active: pkg.active,
      pausable: pkg.pausable,
    },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label={`${pkg.name}: price and delivery`}
      className="grid items-start gap-4 pt-4 sm:grid-cols-2"
      onSubmit={form.handleSubmit((edit) =>
        save.mutate(
          { id: pkg.id, edit },
          {
            onSuccess: () =>
              toast({
                title: `${pkg.name} saved`,
                description: `${formatZAR(randToCents(edit.price))}${billingWords[pkg.billing]}. ${savedNote}`,
                variant: 'success',
              }),
            onError: (error) => showFieldIssues(error, form.setError, `${pkg.name} not saved`),
          },
        ),
      )}
    >
      <FormField
        id={`${id}-price`}
        label={`Price in rand${vat.included}${billingWords[pkg.billing]}`}
        inputMode="decimal"
        hint={
          pkg.pricing === 'from' ? 'A starting price: the package is sold by quote.' : undefined
        }
        error={errors.price?.message}
        {...form.register('price')}
      />
      <FormField
        id={`${id}-days`}
        label="Delivery in business days"
        inputMode="numeric"
        hint="Used for the service builder's estimate."
        error={errors.deliveryDays?.message}
        {...form.register('deliveryDays')}
      />
      <FormField
        id={`${id}-delivery`}
        label="Delivery time as the page shows it"
        error={errors.delivery?.message}
        {...form.register('delivery')}
      />
      <FormField
        id={`${id}-best-for`}
        label="Best for (optional)"
        error={errors.bestFor?.message}
        {...form.register('bestFor')}
      />
      <div className="sm:col-span-2">
        <TextareaField
          id={`${id}-features`}
          label="Features, one a line"
          rows={Math.max(3, pkg.features.length + 1)}
          error={errors.features?.message}
          {...form.register('features')}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
        <span className="flex flex-wrap gap-x-6">
          <Checkbox id={`${id}-active`} label="On sale" {...form.register('active')} />
          {pkg.billing === 'monthly' && (
            <Checkbox
              id={`${id}-pausable`}
              label="Customers may pause it"
              {...form.register('pausable')}
            />
          )}
        </span>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : `Save ${pkg.name}`}
        </Button>
      </div>
    </form>
  );
}

function PackageRow({ pkg }: { pkg: AdminCataloguePackage }) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <details
        className="group rounded-lg border border-line px-4 py-3 open:bg-white"
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold text-ink">{pkg.name}</span>
          <span className="tabular-nums">
            {pkg.pricing === 'from' && 'from '}
            {money(pkg.price)}
            {billingWords[pkg.billing]}
          </span>
          <span className="text-sm text-muted">{pkg.delivery}</span>
          <OnSaleBadge active={pkg.active} />
        </summary>
        <PackageForm pkg={pkg} />
        {pkg.billing === 'monthly' && <PriceMovePanel pkg={pkg} open={open} />}
      </details>
    </li>
  );
}

function AddOnForm({ addOn }: { addOn: AdminCatalogueAddOn }) {
  const id = useId();
  const save = useSaveAddOn();
  const form = useForm<AddOnEditInput, unknown, z.output<typeof addOnEditSchema>>({
    resolver: zodResolver(addOnEditSchema),
    defaultValues: { price: randToDecimalString(addOn.price), active: addOn.active },
  });
  const { errors } = form.formState;
  return (
    <li>
      <form
        noValidate
        aria-label={`${addOn.name} (add-on)`}
        className="grid items-end gap-3 rounded-lg border border-line px-4 py-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto_auto]"
        onSubmit={form.handleSubmit((edit) =>
          save.mutate(
            { id: addOn.id, edit },
            {
              onSuccess: () =>
                toast({
                  title: `${addOn.name} saved`,
                  description: `${formatZAR(randToCents(edit.price))}${billingWords[addOn.billing]}. ${savedNote}`,
                  variant: 'success',
                }),
              onError: (error) => showFieldIssues(error, form.setError, `${addOn.name} not saved`),
            },
          ),
        )}
      >
        <p className="flex flex-wrap items-center gap-2 self-center font-semibold text-ink">
          {addOn.name} <OnSaleBadge active={addOn.active} />
        </p>
        <FormField
          id={`${id}-price`}
          label={`Price, rand${vat.incl}${billingWords[addOn.billing]}`}
          inputMode="decimal"
          error={errors.price?.message}
          {...form.register('price')}
        />
        <Checkbox id={`${id}-active`} label="On sale" {...form.register('active')} />
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Save
        </Button>
      </form>
    </li>
  );
}

function ServiceSection({ service }: { service: AdminCatalogue['services'][number] }) {
  const headingId = useId();
  // The switch moves with the click; the catalogue's own value takes over once it has reloaded.
  const [switched, setSwitched] = useState<boolean | null>(null);
  const save = useSaveService({
    onSuccess: (_data, { edit }) =>
      toast({
        title: 'Saved',
        description: `${service.name} is ${edit.active ? 'on sale' : 'off sale'}. ${savedNote}`,
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'Not saved', description: error.message, variant: 'destructive' }),
    onSettled: () => setSwitched(null),
  });
  const active = switched ?? service.active;
  return (
    <Card>
      <section aria-labelledby={headingId} className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-lg font-bold text-ink">
              {service.name}
            </h2>
            <a
              href={service.path}
              className="text-sm text-brand-700 underline underline-offset-4"
              target="_blank"
              rel="noreferrer"
            >
              {service.path}
            </a>
          </div>
          <Checkbox
            id={`${headingId}-active`}
            label="Service on sale"
            checked={active}
            onChange={(event) => {
              const next = event.target.checked;
              setSwitched(next);
              save.mutate({ slug: service.slug, edit: { active: next } });
            }}
          />
        </div>
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-muted">Packages</h3>
          <ul className="grid gap-2">
            {service.packages.map((pkg) => (
              <PackageRow key={pkg.id} pkg={pkg} />
            ))}
          </ul>
        </div>
        {service.addOns.length > 0 && (
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold text-muted">Add-ons</h3>
            <ul className="grid gap-2">
              {service.addOns.map((addOn) => (
                <AddOnForm key={addOn.id} addOn={addOn} />
              ))}
            </ul>
          </div>
        )}
      </section>
    </Card>
  );
}

const tldCosts = [
  ['registrationCost', 'registration', 'Registration'],
  ['renewalCost', 'renewal', 'Renewal'],
  ['transferCost', 'transfer', 'Transfer'],
] as const;

function TldForm({ row, usdZarRate }: { row: AdminTldRow; usdZarRate: number }) {
  const id = useId();
  const save = useSaveTldPrices();
  const form = useForm<TldPriceEditInput, unknown, z.output<typeof tldPriceEditSchema>>({
    resolver: zodResolver(tldPriceEditSchema),
    defaultValues: {
      currency: row.currency,
      registrationCost: randToDecimalString(row.registrationCost),
      renewalCost: randToDecimalString(row.renewalCost),
      transferCost: randToDecimalString(row.transferCost),
      enabled: row.enabled,
    },
  });
  const { errors } = form.formState;
  const [currency, ...costs] = useWatch({
    control: form.control,
    name: ['currency', 'registrationCost', 'renewalCost', 'transferCost'],
  });
  // What the customer would pay, worked out as the server will; a loss shows before saving.
  const preview = (cost: unknown) => {
    const rand = Number(cost);
    if (!Number.isFinite(rand) || rand <= 0) return null;
    const year = domainYearPrice(toZarCents(randToCents(rand), String(currency), usdZarRate), {
      premium: row.premium,
      vatRegistered: site.vatRegistered,
    });
    return { price: year.priceCents, margin: yearMarginCents(year, site.vatRegistered) };
  };
  return (
    <li>
      <form
        noValidate
        aria-label={`.${row.tld} prices`}
        className="grid gap-3 rounded-lg border border-line p-4"
        onSubmit={form.handleSubmit((edit) =>
          save.mutate(
            { tld: row.tld, edit },
            {
              onSuccess: (saved) =>
                toast({
                  title: `.${saved.tld} saved`,
                  description: `Registration ${money(saved.registration)} a year. ${savedNote}`,
                  variant: 'success',
                }),
              onError: (error) => showFieldIssues(error, form.setError, `.${row.tld} not saved`),
            },
          ),
        )}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-mono text-lg font-bold text-ink">.{row.tld}</h3>
          <span className="flex items-center gap-2">
            {row.premium && <span className="text-xs text-muted">premium: sold at cost</span>}
            <OnSaleBadge active={row.enabled} />
          </span>
        </div>
        <div className="grid items-start gap-3 sm:grid-cols-[10rem_repeat(3,minmax(0,1fr))]">
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-currency`}>Registrar bills in</Label>
            <Select id={`${id}-currency`} {...form.register('currency')}>
              <option value="ZAR">Rand</option>
              <option value="USD">US dollars</option>
            </Select>
          </div>
          {tldCosts.map(([field, , label], index) => {
            const shown = preview(costs[index]);
            return (
              <FormField
                key={field}
                id={`${id}-${field}`}
                label={`${label} cost a year`}
                inputMode="decimal"
                hint={
                  shown &&
                  `Customer pays ${formatZAR(shown.price)}${shown.margin < 0 ? ` — loses ${formatZAR(-shown.margin)}` : ''}`
                }
                error={errors[field]?.message}
                {...form.register(field)}
              />
            );
          })}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox id={`${id}-enabled`} label={`Sell .${row.tld}`} {...form.register('enabled')} />
          <Button type="submit" variant="outline" disabled={save.isPending}>
            Save .{row.tld}
          </Button>
        </div>
      </form>
    </li>
  );
}

/** /admin/catalogue (issue 19 §4): the owner's prices, delivery times and on-sale switches. */
export function CataloguePage() {
  const query = useAdminCatalogue();
  return (
    <QueryState query={query} label="the catalogue">
      {(data) => (
        <div className="grid gap-6">
          <p className="max-w-prose text-muted">
            {sentences(
              vat.pricesInclude,
              'A saved change is charged at once and reaches the public pages within a minute, without a rebuild; orders already placed keep the prices they were placed at. Every change is in the audit log.',
            )}
          </p>
          {data.services.map((service) => (
            <ServiceSection key={service.slug} service={service} />
          ))}
          <Card>
            <section aria-labelledby="tld-heading" className="grid gap-3">
              <h2 id="tld-heading" className="text-lg font-bold text-ink">
                Domain endings
              </h2>
              <p className="text-sm text-muted">
                What the registrar charges per year
                {data.tlds.some((row) => row.currency === 'USD') &&
                  ` (dollars at ${formatRand(data.usdZarRate)})`}
                . The customer pays it with the markup{vat.included}; a cost whose sale would lose
                money after PayFast's card fee is refused.
              </p>
              <ul className="grid gap-3">
                {data.tlds.map((row) => (
                  <TldForm key={row.tld} row={row} usdZarRate={data.usdZarRate} />
                ))}
              </ul>
            </section>
          </Card>
        </div>
      )}
    </QueryState>
  );
}
