import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { provinces } from '#shared/business-registration-options.ts';
import type {
  DomainQuote,
  DomainRegistration,
  DomainRegistrationInput,
} from '#shared/domain.schemas.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { Select } from '../../../components/ui/select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { addToCart } from '../../../lib/cart.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useQuoteDomain } from '../api/quote-domain.ts';
import { separated } from '../../../lib/separated.ts';
import { vat } from '../../../lib/site.ts';
import { useUser } from '../../../lib/current-user.ts';

const resolver = lazyZodResolver(() =>
  import('#shared/domain.schemas.ts').then((schemas) => schemas.domainRegistrationSchema),
);
/**
 * Years, registrant and choices for the selected domain; the server prices it for the cart. For
 * a transfer in (`transfer` with the auth code) the registrar adds one year, at the ending's
 * transfer price, and the line goes to the cart as it is (the checkout prices it again).
 */
export function RegistrantForm({
  domain,
  pricePerYear,
  transfer,
}: {
  domain: string;
  pricePerYear: number;
  transfer?: { authCode: string } | undefined;
}) {
  const [, navigate] = useLocation();
  const form = useForm<DomainRegistrationInput, unknown, DomainRegistration>({
    resolver,
    defaultValues: {
      years: 1,
      privacy: true,
      autoRenew: true,
      registrant: {
        type: 'individual',
        fullName: '',
        companyName: '',
        companyRegistrationNumber: '',
        email: '',
        phone: '',
        address1: '',
        city: '',
        province: undefined,
        postalCode: '',
      },
    },
  });
  // A signed-in customer's name and e-mail are filled in for them (still editable).
  const { user } = useUser();
  useEffect(() => {
    if (!user) return;
    const { registrant } = form.getValues();
    if (!registrant.fullName) form.setValue('registrant.fullName', user.fullName);
    if (!registrant.email) form.setValue('registrant.email', user.email);
  }, [user, form]);
  const [years, type] = useWatch({ control: form.control, name: ['years', 'registrant.type'] });
  /** The server priced the years: the cart line carries its price and the registrant. */
  const addQuoted = (quote: DomainQuote, order: DomainRegistration) => {
    addToCart({
      id: `domain:${quote.domain}`,
      type: 'domain',
      domain: quote.domain,
      years: quote.years,
      registrant: order.registrant,
      privacy: order.privacy,
      autoRenew: order.autoRenew,
      title: `Domain ${quote.domain}, ${quote.years} ${quote.years === 1 ? 'year' : 'years'}`,
      price: quote.total,
    });
    toast({
      title: 'Added to cart',
      description: `${quote.domain} for ${formatZAR(randToCents(quote.total))}${vat.incl}`,
      variant: 'success',
    });
    navigate(paths.checkout);
  };
  const addTransfer = (order: DomainRegistration) => {
    addToCart({
      id: `domain-transfer:${domain}`,
      type: 'domain-transfer',
      domain,
      authCode: transfer!.authCode,
      registrant: order.registrant,
      privacy: order.privacy,
      autoRenew: order.autoRenew,
      title: `Transfer of ${domain} (adds 1 year)`,
      price: pricePerYear,
    });
    toast({
      title: 'Added to cart',
      description: `Transfer of ${domain} for ${formatZAR(randToCents(pricePerYear))}${vat.incl}`,
      variant: 'success',
    });
    navigate(paths.checkout);
  };
  const add = useQuoteDomain({
    onError: () =>
      toast({
        title: 'Error',
        description: 'Failed to proceed to domain registration. Please try again.',
        variant: 'destructive',
      }),
  });
  const { errors } = form.formState;
  const r = errors.registrant;
  const total = randToCents(pricePerYear) * (transfer ? 1 : Number(years || 1));

  return (
    <form
      noValidate
      className="grid gap-6"
      onFocus={resolver.preload}
      onSubmit={form.handleSubmit((order) =>
        transfer
          ? addTransfer(order)
          : add.mutate(
              { domain, years: order.years },
              { onSuccess: (quote) => addQuoted(quote, order) },
            ),
      )}
    >
      <div className={transfer ? 'hidden' : 'grid max-w-xs gap-1.5'}>
        <Label htmlFor="years">Register for</Label>
        <Select id="years" {...form.register('years')}>
          {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? 'year' : 'years'}
            </option>
          ))}
        </Select>
      </div>

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-bold text-ink">Registrant (the legal owner)</legend>
        <div className="flex gap-6 sm:col-span-2" role="radiogroup" aria-label="Registered to">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              value="individual"
              className="size-4 accent-brand-700"
              {...form.register('registrant.type')}
            />
            A person
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              value="company"
              className="size-4 accent-brand-700"
              {...form.register('registrant.type')}
            />
            A company
          </label>
        </div>
        <FormField
          id="reg-name"
          label="Full name"
          autoComplete="name"
          error={r?.fullName?.message}
          {...form.register('registrant.fullName')}
        />
        {type === 'company' && (
          <>
            <FormField
              id="reg-company"
              label="Company name"
              autoComplete="organization"
              error={r?.companyName?.message}
              {...form.register('registrant.companyName')}
            />
            <FormField
              id="reg-company-number"
              label="Company registration number"
              placeholder="2021/123456/07"
              error={r?.companyRegistrationNumber?.message}
              {...form.register('registrant.companyRegistrationNumber')}
            />
          </>
        )}
        <FormField
          id="reg-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          error={r?.email?.message}
          {...form.register('registrant.email')}
        />
        <FormField
          id="reg-phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="+27 82 555 0101"
          error={r?.phone?.message}
          {...form.register('registrant.phone')}
        />
        <div className="sm:col-span-2">
          <FormField
            id="reg-address"
            label="Street address"
            autoComplete="address-line1"
            error={r?.address1?.message}
            {...form.register('registrant.address1')}
          />
        </div>
        <FormField
          id="reg-city"
          label="Town or city"
          autoComplete="address-level2"
          error={r?.city?.message}
          {...form.register('registrant.city')}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="reg-province">Province</Label>
          <Select
            id="reg-province"
            aria-invalid={r?.province ? true : undefined}
            aria-describedby={r?.province ? 'reg-province-error' : undefined}
            {...form.register('registrant.province')}
          >
            <option value="">Choose the province</option>
            {provinces.map((province) => (
              <option key={province}>{province}</option>
            ))}
          </Select>
          <FieldError id="reg-province-error" message={r?.province?.message} />
        </div>
        <FormField
          id="reg-postal"
          label="Postal code"
          inputMode="numeric"
          autoComplete="postal-code"
          error={r?.postalCode?.message}
          {...form.register('registrant.postalCode')}
        />
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-lg font-bold text-ink">Options</legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            {...form.register('privacy')}
          />
          Hide my contact details in the public WHOIS (where the ending allows it)
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            {...form.register('autoRenew')}
          />
          Renew automatically before it expires
        </label>
      </fieldset>

      <div className="flex flex-wrap items-center justify-between gap-4 border-t border-line pt-6">
        <p className="text-lg">
          Total{' '}
          <strong className="tabular-nums" data-testid="domain-total">
            {formatZAR(total)}
          </strong>{' '}
          <span className="text-sm text-muted">
            {separated(
              vat.inclLabel,
              transfer
                ? 'adds 1 year'
                : `for ${Number(years || 1)} ${Number(years || 1) === 1 ? 'year' : 'years'}`,
            )}
          </span>
        </p>
        <Button type="submit" size="lg" disabled={add.isPending}>
          {add.isPending ? 'Checking the price…' : 'Add to cart'}
        </Button>
      </div>
    </form>
  );
}
