import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { loginSchema, type LoginInput, type User } from '#shared/auth.schemas.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useSignIn } from '../api/sign-in.ts';

/** E-mail and password; used by the sign-in page and the debug pages. */
export function SignInForm({
  onSignedIn,
  idPrefix = 'login',
}: {
  onSignedIn: (user: User) => void;
  idPrefix?: string;
}) {
  const signIn = useSignIn(onSignedIn);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((input) => signIn.mutate({ mode: 'login', input }))}
    >
      <FormField
        id={`${idPrefix}-email`}
        label="E-mail"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        id={`${idPrefix}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="-mt-2 text-right text-sm">
        <Link href={paths.forgotPassword} className="font-semibold text-brand-700 hover:underline">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
