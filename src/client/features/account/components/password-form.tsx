import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordInput } from '#shared/auth.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { SettingsSection } from './settings-section.tsx';

export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  return (
    <SettingsSection
      id="password-heading"
      title="Password"
      description="Changing your password signs out every other device."
    >
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={form.handleSubmit((input) =>
          change.mutate(input, {
            onSuccess: ({ message }) => {
              form.reset();
              toast({ title: 'Password changed', description: message, variant: 'success' });
            },
            onError: (error) => showFieldIssues(error, form.setError, 'Password not changed'),
          }),
        )}
      >
        <FormField
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <FormField
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters."
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={change.isPending}>
            {change.isPending ? 'Saving…' : 'Change password'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
