import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  profileUpdateSchema,
  type Profile,
  type ProfileUpdateInput,
} from '#shared/auth.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { vat } from '../../../lib/site.ts';
import { useBeforePay } from '../../../lib/before-pay.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { SettingsSection } from './settings-section.tsx';

/** The customer's details; the checkout shows the same form under its own heading. */
export function ProfileForm({
  profile,
  title = 'Your details',
  description = 'Used on your invoices and when we contact you about an order.',
  savedWithPay = false,
}: {
  profile: Profile;
  title?: string;
  description?: string;
  /** On the checkout: the Pay button checks and saves what was typed, so it has no Save of its own. */
  savedWithPay?: boolean;
}) {
  const update = useUpdateProfile();
  const form = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      fullName: profile.fullName,
      phone: profile.phone ?? '',
      company: profile.company ?? '',
      address: profile.address ?? '',
      vatNumber: profile.vatNumber ?? '',
    },
  });
  const { errors } = form.formState;
  // Paying keeps what was typed here: checked (the first mistake gets the focus) and saved first.
  useBeforePay(async () => {
    let refused = false;
    await form.handleSubmit(
      async (input) => {
        await update.mutateAsync(input);
      },
      () => {
        refused = true;
      },
    )();
    if (refused) throw new Error('Check your invoice details above, then pay.');
  });
  return (
    <SettingsSection id="profile-heading" title={title} description={description}>
      <form
        noValidate
        className="grid items-start gap-4 sm:grid-cols-2"
        onSubmit={form.handleSubmit((input) =>
          update.mutate(input, {
            onSuccess: () =>
              toast({
                title: 'Details saved',
                description: 'Your details have been updated.',
                variant: 'success',
              }),
            onError: (error) =>
              toast({
                title: 'Details not saved',
                description: error.message,
                variant: 'destructive',
              }),
          }),
        )}
      >
        <FormField
          id="profile-name"
          label="Full name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <FormField
          id="profile-phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="+27 82 123 4567"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <FormField
          id="profile-company"
          label="Company (optional)"
          autoComplete="organization"
          error={errors.company?.message}
          {...form.register('company')}
        />
        <FormField
          id="profile-vat"
          label="VAT number (optional)"
          inputMode="numeric"
          placeholder="4123456789"
          hint={vat.vatNumberHint}
          error={errors.vatNumber?.message}
          {...form.register('vatNumber')}
        />
        <div className="sm:col-span-2">
          <TextareaField
            id="profile-address"
            label="Address (optional)"
            autoComplete="street-address"
            rows={3}
            error={errors.address?.message}
            {...form.register('address')}
          />
        </div>
        {!savedWithPay && (
          <div className="sm:col-span-2">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save details'}
            </Button>
          </div>
        )}
      </form>
    </SettingsSection>
  );
}
