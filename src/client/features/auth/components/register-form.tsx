import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, type RegisterInput, type User } from '#shared/auth.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { registrationErrorToast, useSignIn } from '../api/sign-in.ts';

/** Name, e-mail and password; a too-short name also gets the toast of SPEC §5. */
export function RegisterForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const signIn = useSignIn(onSignedIn);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { fullName: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(
        (input) => signIn.mutate({ mode: 'register', input }),
        (invalid) => {
          const nameError = invalid.fullName?.message;
          if (nameError?.includes('at least 2 characters')) {
            toast({ ...registrationErrorToast(new Error(nameError)), variant: 'destructive' });
          }
        },
      )}
    >
      <FormField
        id="register-name"
        label="Full name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...form.register('fullName')}
      />
      <FormField
        id="register-email"
        label="E-mail"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters. A short sentence is easy to remember and hard to guess."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}
