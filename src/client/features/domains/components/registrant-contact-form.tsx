import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  registrantContactSchema,
  type RegistrantContact,
  type RegistrantContactInput,
} from '#shared/domain-management.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useChangeRegistrant, useRegistrantContact } from '../api/registrant-contact.ts';

const fields: {
  name: keyof RegistrantContactInput;
  label: string;
  autoComplete: string;
  hint?: string;
  type?: string;
}[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'organisation', label: 'Organisation (optional)', autoComplete: 'organization' },
  { name: 'email', label: 'E-mail', autoComplete: 'email', type: 'email' },
  {
    name: 'phone',
    label: 'Phone',
    autoComplete: 'tel',
    type: 'tel',
    hint: 'As registries keep it: +27.825550101 (082 555 0101 works too)',
  },
  { name: 'address1', label: 'Street address', autoComplete: 'address-line1' },
  { name: 'city', label: 'Town or city', autoComplete: 'address-level2' },
  { name: 'stateProvince', label: 'Province or state', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  {
    name: 'country',
    label: 'Country',
    autoComplete: 'country',
    hint: 'Two letters, e.g. ZA',
  },
];

function RegistrantForm({ domain, contact }: { domain: string; contact: RegistrantContactInput }) {
  const [pending, setPending] = useState<string | null>(null);
  const form = useForm<RegistrantContactInput, unknown, RegistrantContact>({
    resolver: zodResolver(registrantContactSchema),
    defaultValues: { ...contact, organisation: contact.organisation ?? '' },
  });
  const change = useChangeRegistrant({
    onSuccess: (answer, { contact: saved }) => {
      // The form shows what was sent, as registries keep it (the phone in +27.… form).
      form.reset({ ...saved, organisation: saved.organisation ?? '' });
      if (answer.state === 'pending') {
        setPending(answer.reason ?? 'The registry is confirming the change.');
        return;
      }
      setPending(null);
      toast({
        title: 'Registrant saved',
        description: `The registry now lists the new contact for ${domain}.`,
        variant: 'success',
      });
    },
    onError: (error) => showFieldIssues(error, form.setError, 'Registrant not saved'),
  });
  const { errors } = form.formState;
  const id = (name: string) => `${domain}-registrant-${name}`;

  return (
    <form
      noValidate
      aria-labelledby={id('title')}
      className="grid gap-3"
      onSubmit={form.handleSubmit((values) => change.mutate({ domain, contact: values }))}
    >
      <h3 id={id('title')} className="font-bold text-ink">
        Registrant contact
      </h3>
      <p className="text-sm text-muted">
        The owner of {domain} as the registry lists it (the WHOIS contact). A new owner&apos;s name
        or e-mail may need the registry&apos;s confirmation first.
      </p>
      {pending && (
        <p role="status" className="rounded-lg border border-accent-400 bg-accent-100 p-3 text-sm">
          <span className="font-semibold">Change pending.</span> {pending}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
        {fields.map((field) => (
          <FormField
            key={field.name}
            id={id(field.name)}
            label={field.label}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            hint={field.hint}
            error={errors[field.name]?.message}
            {...form.register(field.name)}
          />
        ))}
      </div>
      <div>
        <Button type="submit" size="sm" disabled={change.isPending}>
          Save registrant
        </Button>
      </div>
    </form>
  );
}

/** The registrant contact of one active domain, read from the registrar and edited here. */
export function RegistrantContactPanel({ domain }: { domain: string }) {
  const registrant = useRegistrantContact(domain);
  if (registrant.isPending) return <Spinner label="Reading the registrant contact" />;
  if (registrant.isError) return <p role="alert">{registrant.error.message}</p>;
  return <RegistrantForm domain={domain} contact={registrant.data} />;
}
