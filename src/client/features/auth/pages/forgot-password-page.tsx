import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { MailCheck } from 'lucide-react';
import { forgotPasswordSchema, type ForgotPasswordInput } from '#shared/auth.schemas.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useForgotPassword } from '../api/forgot-password.ts';

/** /user/forgot-password: asks for a reset link; the answer never says whether the account exists. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit((input) =>
    forgot.mutate(input, {
      onError: (error) =>
        toast({
          title: 'Something went wrong',
          description: error.message,
          variant: 'destructive',
        }),
    }),
  );
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold text-ink">Forgot your password?</h1>
      <p className="mt-2 text-muted">
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
      <Card className="mt-6">
        {forgot.isSuccess ? (
          <div role="status" className="grid gap-3">
            <MailCheck className="size-8 text-brand-700" aria-hidden="true" />
            <h2 className="text-lg font-bold text-ink">Check your inbox</h2>
            <p className="text-muted">{forgot.data.message}</p>
          </div>
        ) : (
          <form noValidate className="grid gap-4" onSubmit={onSubmit}>
            <FormField
              id="forgot-email"
              label="E-mail"
              type="email"
              autoComplete="email"
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <Button type="submit" disabled={forgot.isPending}>
              {forgot.isPending ? 'Sending…' : 'Send reset link'}
            </Button>
          </form>
        )}
      </Card>
      <p className="mt-4 text-center text-sm">
        <Link href={paths.userLogin} className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
