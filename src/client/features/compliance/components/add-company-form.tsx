import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  complianceCompanyInputSchema,
  vatCategories,
  vatCategoryLabels,
  type ComplianceCompanyFacts,
  type ComplianceCompanyInput,
} from '#shared/compliance.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAddCompany } from '../api/change-compliance.ts';

const months = Array.from({ length: 12 }, (_, index) =>
  new Intl.DateTimeFormat('en-ZA', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, index, 1)),
  ),
);

const nullWhenEmpty = (value: unknown) => (value === '' ? null : value);

/** Adds a company to the calendar by its CIPC number and date, with its tax facts. */
export function AddCompanyForm({ onAdded }: { onAdded?: () => void }) {
  const add = useAddCompany();
  const form = useForm<ComplianceCompanyInput, unknown, ComplianceCompanyFacts>({
    resolver: zodResolver(complianceCompanyInputSchema),
    defaultValues: {
      name: '',
      registrationNumber: '',
      registeredOn: '',
      yearEndMonth: 2,
      vatCategory: null,
      bbbeeAffidavitOn: null,
    },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((company) =>
    add.mutate(company, {
      onSuccess: () => {
        toast({ title: 'Company added', description: company.name, variant: 'success' });
        form.reset();
        onAdded?.();
      },
      onError: (error) =>
        toast({ title: 'Not added', description: error.message, variant: 'destructive' }),
    }),
  );
  return (
    <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
      <FormField
        id="company-name"
        label="Company name"
        autoComplete="organization"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <FormField
        id="company-number"
        label="Registration number"
        placeholder="2024/123456/07"
        hint="As on the CIPC registration certificate"
        error={errors.registrationNumber?.message}
        {...form.register('registrationNumber')}
      />
      <FormField
        id="company-registered"
        label="Registration date"
        type="date"
        error={errors.registeredOn?.message}
        {...form.register('registeredOn')}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="company-year-end">Financial year-end</Label>
        <Select id="company-year-end" {...form.register('yearEndMonth')}>
          {months.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </Select>
        <FieldError id="company-year-end-error" message={errors.yearEndMonth?.message} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="company-vat">VAT201 returns</Label>
        <Select id="company-vat" {...form.register('vatCategory', { setValueAs: nullWhenEmpty })}>
          <option value="">Not registered for VAT</option>
          {vatCategories.map((category) => (
            <option key={category} value={category}>
              {vatCategoryLabels[category]}
            </option>
          ))}
        </Select>
      </div>
      <FormField
        id="company-bbbee"
        label="B-BBEE affidavit signed on (optional)"
        type="date"
        error={errors.bbbeeAffidavitOn?.message}
        {...form.register('bbbeeAffidavitOn', { setValueAs: nullWhenEmpty })}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add company'}
        </Button>
      </div>
    </form>
  );
}
