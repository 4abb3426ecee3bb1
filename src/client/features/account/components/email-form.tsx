import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailSchema, type ChangeEmailInput, type Profile } from '#shared/auth.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { SettingsSection } from './settings-section.tsx';

export function EmailForm({ profile }: { profile: Profile }) {
  const change = useChangeEmail();
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: '', currentPassword: '' },
  });
  const { errors } = form.formState;
  return (
    <SettingsSection
      id="email-heading"
      title="E-mail address"
      description={
        <>
          <p>
            You sign in with <strong className="break-all text-ink">{profile.email}</strong>
            {profile.emailVerified ? ' (confirmed).' : ' (not confirmed yet).'}
          </p>
          {profile.pendingEmail && (
            <p className="mt-1 break-words [overflow-wrap:anywhere]" role="status">
              Waiting for you to confirm {profile.pendingEmail}: open the link we sent there.
            </p>
          )}
        </>
      }
    >
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={form.handleSubmit((input) =>
          change.mutate(input, {
            onSuccess: (updated) => {
              form.reset();
              toast({
                title: 'Confirm your new address',
                description: `We sent a link to ${updated.pendingEmail ?? input.email}. Your e-mail address changes when you open it.`,
                variant: 'success',
              });
            },
            onError: (error) => showFieldIssues(error, form.setError, 'E-mail not changed'),
          }),
        )}
      >
        <FormField
          id="new-email"
          label="New e-mail address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          id="email-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={change.isPending}>
            {change.isPending ? 'Sending…' : 'Change e-mail address'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
