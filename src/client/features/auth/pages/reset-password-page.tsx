import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { CircleCheck } from 'lucide-react';
import { resetPasswordSchema, type ResetPasswordInput } from '#shared/auth.schemas.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { tokenFromUrl } from '../../../lib/token-from-url.ts';

/** /reset-password and /user/reset-password: a new password from the mailed link. */
export function ResetPasswordPage() {
  const [token] = useState(tokenFromUrl);
  const reset = useResetPassword();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '' },
  });
  const onSubmit = form.handleSubmit((input) =>
    reset.mutate(input, {
      onError: (error) =>
        toast({
          title: 'Password Not Changed',
          description: error.message,
          variant: 'destructive',
        }),
    }),
  );

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold text-ink">Choose a new password</h1>
      <Card className="mt-6">
        {!token ? (
          <div className="grid gap-3">
            <p className="text-muted">
              This page needs the link from your password-reset e-mail. Open the link again, or ask
              for a new one.
            </p>
            <Button asChild variant="outline">
              <Link href={paths.forgotPassword}>Send me a new link</Link>
            </Button>
          </div>
        ) : reset.isSuccess ? (
          <div role="status" className="grid gap-3">
            <CircleCheck className="size-8 text-green-700" aria-hidden="true" />
            <h2 className="text-lg font-bold text-ink">Password changed</h2>
            <p className="text-muted">{reset.data.message}</p>
            <Button asChild>
              <Link href={paths.userLogin}>Sign in</Link>
            </Button>
          </div>
        ) : (
          <form noValidate className="grid gap-4" onSubmit={onSubmit}>
            <FormField
              id="reset-password"
              label="New password"
              type="password"
              autoComplete="new-password"
              hint="At least 10 characters. Every other device will be signed out."
              error={
                form.formState.errors.password?.message ?? form.formState.errors.token?.message
              }
              {...form.register('password')}
            />
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending ? 'Saving…' : 'Set new password'}
            </Button>
            {reset.isError && (
              <p className="text-sm">
                <Link
                  href={paths.forgotPassword}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  Send me a new reset link
                </Link>
              </p>
            )}
          </form>
        )}
      </Card>
    </div>
  );
}
