import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  couponInputSchema,
  type Coupon,
  type CouponInput,
  type CouponList,
  type CouponValues,
} from '#shared/coupons.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { vat } from '../../../lib/site.ts';
import { useSaveCoupon } from '../api/save-coupon.ts';

/** The form's values of a coupon (a new one: 10% off everything, no line below half its price). */
function formValues(coupon: Coupon | null): CouponInput {
  return {
    code: coupon?.code ?? '',
    description: coupon?.description ?? '',
    kind: coupon?.kind ?? 'percent',
    value: coupon?.value ?? 10,
    services: coupon?.services ?? [],
    endings: coupon?.endings ?? [],
    firstOrderOnly: coupon?.firstOrderOnly ?? false,
    startsOn: coupon?.startsOn ?? '',
    endsOn: coupon?.endsOn ?? '',
    totalLimit: coupon?.totalLimit ?? '',
    perCustomerLimit: coupon?.perCustomerLimit ?? '',
    floorPercent: coupon?.floorPercent ?? 50,
  };
}

const checkbox = 'size-4 accent-brand-700';

/** A group of checkboxes for one list field (services or endings), laid out in columns. */
function Choices({
  legend,
  hint,
  short = false,
  children,
}: {
  legend: string;
  hint: string;
  /** Short labels (domain endings) sit two to a row on a phone too. */
  short?: boolean;
  children: ReactNode;
}) {
  const id = `coupon-${legend.toLowerCase().replace(/\W+/g, '-')}-hint`;
  return (
    <fieldset className="grid gap-2" aria-describedby={id}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <p id={id} className="text-sm text-muted">
        {hint}
      </p>
      <div
        className={cn(
          'grid gap-x-4 gap-y-1.5 sm:grid-cols-2 lg:grid-cols-3',
          short && 'grid-cols-2 lg:grid-cols-4',
        )}
      >
        {children}
      </div>
    </fieldset>
  );
}

/** Creates a coupon, or changes `coupon`: owners only (the server refuses staff too). */
export function CouponForm({
  coupon,
  options,
  onDone,
}: {
  coupon: Coupon | null;
  options: Pick<CouponList, 'services' | 'endings'>;
  onDone: () => void;
}) {
  const form = useForm<CouponInput, unknown, CouponValues>({
    resolver: zodResolver(couponInputSchema),
    defaultValues: formValues(coupon),
  });
  const errors = form.formState.errors;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const save = useSaveCoupon({
    onSuccess: (saved) => {
      toast({
        title: coupon ? 'Coupon saved' : 'Coupon created',
        description: `${saved.code}: ${saved.summary}.`,
        variant: 'success',
      });
      onDone();
    },
    onError: (error) => showFieldIssues(error, form.setError, 'Coupon not saved'),
  });
  return (
    <form
      noValidate
      aria-labelledby="coupon-form-title"
      className="grid gap-5"
      onSubmit={form.handleSubmit((values) => save.mutate({ id: coupon?.id, values }))}
    >
      <h2 id="coupon-form-title" className="text-lg font-bold text-ink">
        {coupon ? `Change coupon ${coupon.code}` : 'New coupon'}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="coupon-code"
          label="Code"
          hint="Letters, digits, - and _; customers may type it in any case."
          autoComplete="off"
          error={errors.code?.message}
          {...form.register('code')}
        />
        <FormField
          id="coupon-description"
          label="Description (optional)"
          hint="For the team, e.g. “Spring special”."
          error={errors.description?.message}
          {...form.register('description')}
        />
        <div className="grid gap-1.5 self-start">
          <Label htmlFor="coupon-kind">Discount</Label>
          <Select id="coupon-kind" {...form.register('kind')}>
            <option value="percent">A percentage off</option>
            <option value="amount">An amount off (rand{vat.included})</option>
          </Select>
        </div>
        <FormField
          id="coupon-value"
          label={kind === 'percent' ? 'Percentage off' : 'Rand off'}
          type="number"
          inputMode="decimal"
          min={0}
          step={kind === 'percent' ? 1 : 0.01}
          error={errors.value?.message}
          {...form.register('value')}
        />
      </div>
      <Choices
        legend="Services"
        hint="Tick none here and under domain endings for a coupon on everything."
      >
        {options.services.map((service) => (
          <label key={service.slug} className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className={checkbox}
              value={service.slug}
              {...form.register('services')}
            />
            {service.name}
          </label>
        ))}
      </Choices>
      <Choices
        short
        legend="Domain endings"
        hint="Registrations, renewals and transfers of names with these endings."
      >
        {options.endings.map((ending) => (
          <label key={ending} className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className={checkbox}
              value={ending}
              {...form.register('endings')}
            />
            .{ending}
          </label>
        ))}
      </Choices>
      <label className="flex items-start gap-2 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          className={`${checkbox} mt-0.5`}
          aria-describedby="coupon-first-order-hint"
          {...form.register('firstOrderOnly')}
        />
        <span>
          First order only
          <span id="coupon-first-order-hint" className="block font-normal text-muted">
            For customers who have never paid an order, once each.
          </span>
        </span>
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="coupon-starts"
          label="First day (optional)"
          type="date"
          error={errors.startsOn?.message}
          {...form.register('startsOn')}
        />
        <FormField
          id="coupon-ends"
          label="Last day (optional)"
          type="date"
          error={errors.endsOn?.message}
          {...form.register('endsOn')}
        />
        <FormField
          id="coupon-total-limit"
          label="Uses in all (optional)"
          type="number"
          inputMode="numeric"
          min={1}
          hint="Empty: no limit."
          error={errors.totalLimit?.message}
          {...form.register('totalLimit')}
        />
        <FormField
          id="coupon-customer-limit"
          label="Uses per customer (optional)"
          type="number"
          inputMode="numeric"
          min={1}
          hint="Empty: no limit."
          error={errors.perCustomerLimit?.message}
          {...form.register('perCustomerLimit')}
        />
        <FormField
          id="coupon-floor"
          label="Lowest price, % of each line’s price"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          hint="No line sells for less than this share of its price. A domain never sells at a loss (below what the registrar and the card fee cost us), whatever you set."
          error={errors.floorPercent?.message}
          {...form.register('floorPercent')}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : coupon ? 'Save coupon' : 'Create coupon'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
