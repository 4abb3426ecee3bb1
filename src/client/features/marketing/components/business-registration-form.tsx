import { useEffect } from 'react';
import { useForm, useFieldArray, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { Plus, Trash2 } from 'lucide-react';
import {
  months,
  provinces,
  taxRegistrations,
  type registrationPackageIds,
} from '#shared/business-registration-options.ts';
import type {
  BusinessRegistration,
  BusinessRegistrationInput,
} from '#shared/business-registration.schemas.ts';
import { liveCatalogue, type CatalogueService } from '#shared/catalogue.ts';
import { formatZAR } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { Select } from '../../../components/ui/select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { completeCartLine, lineParam, readCart } from '../../../lib/cart.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { separated } from '../../../lib/separated.ts';
import { useCatalogue } from '../../../lib/catalogue.tsx';
import { vat } from '../../../lib/site.ts';

const slug = 'business-registration';
const resolver = lazyZodResolver(() =>
  import('#shared/business-registration.schemas.ts').then(
    (schemas) => schemas.businessRegistrationSchema,
  ),
);
/** Tax registrations a package does not include are priced as add-ons. */
const addOnFor = { vat: 'registration-vat', paye_uif: 'registration-paye-uif' } as const;
const includedIn: Record<string, string[]> = {
  'registration-complete-startup': ['vat', 'paye_uif'],
};

/** Price of the chosen package plus any tax registration it does not include. */
export function registrationPrice(
  packageId: string,
  taxes: string[],
  service: CatalogueService | undefined = liveCatalogue().findService(slug),
) {
  const pkg = service?.packages.find((p) => p.id === packageId);
  const addOnIds = taxes
    .filter((tax): tax is keyof typeof addOnFor => tax in addOnFor)
    .filter((tax) => !(includedIn[packageId] ?? []).includes(tax))
    .map((tax) => addOnFor[tax]);
  const addOnCents = addOnIds.reduce(
    (sum, id) => sum + (service?.addOns.find((a) => a.id === id)?.priceCents ?? 0),
    0,
  );
  return { pkg, addOnIds, totalCents: (pkg?.priceCents ?? 0) + addOnCents };
}

const emptyDirector = {
  fullName: '',
  idType: 'sa_id' as const,
  idNumber: '',
  passportNumber: '',
  passportCountry: '',
};

export function BusinessRegistrationForm({ packageId }: { packageId: string }) {
  const [, navigate] = useLocation();
  const service = useCatalogue().findService(slug);
  const form = useForm<BusinessRegistrationInput, unknown, BusinessRegistration>({
    resolver,
    defaultValues: {
      packageId: packageId as (typeof registrationPackageIds)[number],
      names: ['', '', '', ''],
      companyType: 'private_company',
      directors: [emptyDirector],
      address: { street: '', suburb: '', city: '', province: undefined, postalCode: '' },
      financialYearEnd: 'February',
      taxRegistrations: ['income_tax'],
      contactEmail: '',
      contactPhone: '',
    },
  });
  const directors = useFieldArray({ control: form.control, name: 'directors' });
  const [chosenPackage, taxes, directorValues] = useWatch({
    control: form.control,
    name: ['packageId', 'taxRegistrations', 'directors'],
  });
  const { pkg, addOnIds, totalCents } = registrationPrice(chosenPackage, taxes ?? [], service);
  const { errors } = form.formState;

  function submit(order: BusinessRegistration) {
    const chosen = service?.packages.find((p) => p.id === order.packageId);
    if (!chosen) return;
    const title = `Company registration: ${chosen.name} (${order.names[0]})`;
    // Sent here by a cart line waiting for these details (the service builder's): it is completed.
    completeCartLine(new URLSearchParams(location.search).get(lineParam), {
      id: `registration:${crypto.randomUUID()}`,
      type: 'business-registration',
      packageId: order.packageId,
      addOnIds,
      title,
      price: totalCents / 100,
      details: order,
    });
    toast({
      title: 'Added to cart',
      description: `${title}, ${formatZAR(totalCents)}${vat.incl}`,
      variant: 'success',
    });
    navigate(paths.checkout);
  }

  // The package cards above the form choose the package too.
  useEffect(() => {
    form.setValue('packageId', packageId as (typeof registrationPackageIds)[number]);
  }, [form, packageId]);

  // The cart line this form completes keeps its package and tax registrations.
  useEffect(() => {
    const id = new URLSearchParams(location.search).get(lineParam);
    const line = readCart().find((item) => item.id === id);
    if (!line || !('packageId' in line) || typeof line.packageId !== 'string') return;
    form.setValue('packageId', line.packageId as (typeof registrationPackageIds)[number]);
    const addOns = 'addOnIds' in line && Array.isArray(line.addOnIds) ? line.addOnIds : [];
    const taxes = Object.entries(addOnFor).flatMap(([tax, addOn]) =>
      addOns.includes(addOn) ? [tax as keyof typeof addOnFor] : [],
    );
    form.setValue('taxRegistrations', ['income_tax', ...taxes]);
  }, [form]);

  if (!service?.packages.length) {
    return (
      <Card id="order" className="scroll-mt-24">
        <h2 className="text-2xl font-bold text-ink">Register your company</h2>
        <p className="mt-1 text-muted">
          Company registration is not on sale at the moment. Contact us and we will help.
        </p>
      </Card>
    );
  }

  return (
    <Card id="order" className="scroll-mt-24">
      <h2 className="text-2xl font-bold text-ink">Register your company</h2>
      <p className="mt-1 text-muted">
        Fill in what CIPC and SARS need. You pay at checkout; we start the same business day.
      </p>
      <form
        noValidate
        className="mt-6 grid gap-8"
        onFocus={resolver.preload}
        onSubmit={form.handleSubmit(submit)}
      >
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-lg font-bold text-ink">Package</legend>
          {service.packages.map((option) => (
            <label
              key={option.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-line p-3 has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                value={option.id}
                className="size-4 accent-brand-700"
                {...form.register('packageId')}
              />
              <span className="flex-1 font-semibold text-ink">{option.name}</span>
              <span className="tabular-nums">{formatZAR(option.priceCents)}</span>
            </label>
          ))}
        </fieldset>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold text-ink">
            Proposed company names, in order of preference
          </legend>
          {[0, 1, 2, 3].map((index) => (
            <FormField
              key={index}
              id={`name-${index}`}
              label={
                index === 0
                  ? '1st choice'
                  : `${index + 1}${['', 'nd', 'rd', 'th'][index]} choice (optional)`
              }
              error={
                errors.names?.[index]?.message ??
                (index === 0 ? (errors.names?.root?.message ?? errors.names?.message) : undefined)
              }
              {...form.register(`names.${index}`)}
            />
          ))}
          <p className="text-sm text-muted sm:col-span-2">
            CIPC reserves the first name it approves. Company type: private company, (Pty) Ltd.
          </p>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-bold text-ink">Directors</legend>
          {directors.fields.map((field, index) => {
            const idType = directorValues?.[index]?.idType ?? 'sa_id';
            const directorErrors = errors.directors?.[index];
            return (
              <div
                key={field.id}
                className="grid gap-3 rounded-lg border border-line p-4 sm:grid-cols-2"
              >
                <p className="font-semibold text-ink sm:col-span-2">Director {index + 1}</p>
                <FormField
                  id={`director-${index}-name`}
                  label="Full name"
                  error={directorErrors?.fullName?.message}
                  {...form.register(`directors.${index}.fullName`)}
                />
                <div className="grid gap-1.5">
                  <Label htmlFor={`director-${index}-idtype`}>Identity document</Label>
                  <Select
                    id={`director-${index}-idtype`}
                    {...form.register(`directors.${index}.idType`)}
                  >
                    <option value="sa_id">South African ID</option>
                    <option value="passport">Passport (non-citizen)</option>
                  </Select>
                </div>
                {idType === 'sa_id' ? (
                  <FormField
                    id={`director-${index}-id`}
                    label="ID number"
                    inputMode="numeric"
                    autoComplete="off"
                    error={directorErrors?.idNumber?.message}
                    {...form.register(`directors.${index}.idNumber`)}
                  />
                ) : (
                  <>
                    <FormField
                      id={`director-${index}-passport`}
                      label="Passport number"
                      autoComplete="off"
                      error={directorErrors?.passportNumber?.message}
                      {...form.register(`directors.${index}.passportNumber`)}
                    />
                    <FormField
                      id={`director-${index}-country`}
                      label="Issuing country"
                      error={directorErrors?.passportCountry?.message}
                      {...form.register(`directors.${index}.passportCountry`)}
                    />
                  </>
                )}
                {directors.fields.length > 1 && (
                  <div className="sm:col-span-2">
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => directors.remove(index)}
                    >
                      <Trash2 aria-hidden="true" /> Remove director {index + 1}
                    </Button>
                  </div>
                )}
              </div>
            );
          })}
          <FieldError
            id="directors-error"
            message={errors.directors?.root?.message ?? errors.directors?.message}
          />
          {directors.fields.length < 10 && (
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => directors.append(emptyDirector)}
              >
                <Plus aria-hidden="true" /> Add a director
              </Button>
            </div>
          )}
        </fieldset>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold text-ink">Registered address</legend>
          <div className="sm:col-span-2">
            <FormField
              id="address-street"
              label="Street address"
              autoComplete="address-line1"
              error={errors.address?.street?.message}
              {...form.register('address.street')}
            />
          </div>
          <FormField
            id="address-suburb"
            label="Suburb (optional)"
            autoComplete="address-line2"
            {...form.register('address.suburb')}
          />
          <FormField
            id="address-city"
            label="Town or city"
            autoComplete="address-level2"
            error={errors.address?.city?.message}
            {...form.register('address.city')}
          />
          <div className="grid gap-1.5">
            <Label htmlFor="address-province">Province</Label>
            <Select
              id="address-province"
              aria-invalid={errors.address?.province ? true : undefined}
              aria-describedby={errors.address?.province ? 'address-province-error' : undefined}
              {...form.register('address.province')}
            >
              <option value="">Choose the province</option>
              {provinces.map((province) => (
                <option key={province}>{province}</option>
              ))}
            </Select>
            <FieldError id="address-province-error" message={errors.address?.province?.message} />
          </div>
          <FormField
            id="address-postal"
            label="Postal code"
            inputMode="numeric"
            autoComplete="postal-code"
            error={errors.address?.postalCode?.message}
            {...form.register('address.postalCode')}
          />
        </fieldset>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold text-ink">Tax</legend>
          <div className="grid gap-1.5">
            <Label htmlFor="fye">Financial year end</Label>
            <Select id="fye" {...form.register('financialYearEnd')}>
              {months.map((month) => (
                <option key={month}>{month}</option>
              ))}
            </Select>
          </div>
          <div className="grid gap-2 sm:col-span-2">
            <p className="text-sm font-semibold text-ink">Register with SARS for</p>
            {Object.entries(taxRegistrations).map(([value, label]) => {
              const included =
                value === 'income_tax' || (includedIn[chosenPackage] ?? []).includes(value);
              const addOn = service.addOns.find(
                (a) => a.id === addOnFor[value as keyof typeof addOnFor],
              );
              return (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    value={value}
                    className="size-4 accent-brand-700"
                    disabled={value === 'income_tax'}
                    {...form.register('taxRegistrations')}
                  />
                  <span>
                    {label}{' '}
                    <span className="text-sm text-muted">
                      {value === 'income_tax'
                        ? '(every company, included)'
                        : included
                          ? '(included in this package)'
                          : addOn
                            ? `(+${formatZAR(addOn.priceCents)})`
                            : ''}
                    </span>
                  </span>
                </label>
              );
            })}
            <p className="text-sm text-muted">
              VAT registration is compulsory once taxable sales exceed R2.3 million in any 12
              months; from R120 000 you may register voluntarily, which helps when your clients are
              VAT vendors. Register for PAYE and UIF before you pay your first salary.
            </p>
          </div>
        </fieldset>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold text-ink">How we reach you</legend>
          <FormField
            id="contact-email"
            label="E-mail"
            type="email"
            autoComplete="email"
            error={errors.contactEmail?.message}
            {...form.register('contactEmail')}
          />
          <FormField
            id="contact-phone"
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            error={errors.contactPhone?.message}
            {...form.register('contactPhone')}
          />
        </fieldset>

        <div className="flex flex-wrap items-center justify-between gap-4 border-t border-line pt-6">
          <p className="text-lg">
            Total{' '}
            <strong className="tabular-nums" data-testid="registration-total">
              {formatZAR(totalCents)}
            </strong>{' '}
            <span className="text-sm text-muted">{separated(vat.incl, pkg?.delivery)}</span>
          </p>
          <Button type="submit" size="lg">
            Add to cart
          </Button>
        </div>
      </form>
    </Card>
  );
}
