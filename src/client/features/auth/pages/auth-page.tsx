import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { apiRequest, ApiRequestError } from '../../../lib/api-client.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { userQueryOptions, type User } from '../api/get-user.ts';

type Mode = 'login' | 'register';

/** Where to go after signing in: back to the checkout when it sent us here (SPEC §3). */
function afterSignIn(): string {
  const target = localStorage.getItem(storageKeys.checkoutRedirect);
  localStorage.removeItem(storageKeys.checkoutRedirect);
  return target === paths.checkout ? paths.checkout : paths.userDashboard;
}

/** The registration error toasts of SPEC §5 and §8. */
export function registrationErrorToast(error: unknown): { title: string; description: string } {
  const message = error instanceof Error ? error.message : '';
  const code = error instanceof ApiRequestError ? error.code : undefined;
  if (code === 'NAME_TOO_SHORT' || message.includes('at least 2 characters')) {
    return {
      title: 'Name Too Short',
      description: 'Please enter a name with at least 2 characters',
    };
  }
  if (code === 'EMAIL_ALREADY_EXISTS' || message.includes('already registered')) {
    return {
      title: 'Email Already Registered',
      description:
        'This email address is already registered. Please use a different email or try logging in instead.',
    };
  }
  return { title: 'Registration Failed', description: 'Registration failed. Please try again.' };
}

export function AuthPage({ initialMode = 'login' }: { initialMode?: Mode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setBusy(true);
    try {
      const user = await apiRequest<User>(
        'POST',
        mode === 'login' ? '/api/login' : '/api/register',
        mode === 'login'
          ? { email: form.email, password: form.password }
          : { fullName: form.fullName, email: form.email, password: form.password },
      );
      if (!user || typeof user !== 'object' || !('email' in user)) {
        toast({
          title: mode === 'login' ? 'Login Failed' : 'Registration Failed',
          description:
            mode === 'login'
              ? 'Login succeeded but failed to retrieve user data.'
              : 'Registration succeeded but failed to retrieve user data.',
          variant: 'destructive',
        });
        return;
      }
      queryClient.setQueryData(userQueryOptions.queryKey, user);
      toast(
        mode === 'login'
          ? {
              title: 'Login successful',
              description: `Welcome back, ${user.fullName}!`,
              variant: 'success',
            }
          : {
              title: 'Account created',
              description: `Welcome, ${user.fullName}!`,
              variant: 'success',
            },
      );
      navigate(afterSignIn());
    } catch (error) {
      toast(
        mode === 'login'
          ? {
              title: 'Login Failed',
              description:
                error instanceof ApiRequestError
                  ? error.message
                  : 'Invalid credentials. Please check your email and password.',
              variant: 'destructive',
            }
          : { ...registrationErrorToast(error), variant: 'destructive' },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold text-ink">
        {mode === 'login' ? 'Sign in' : 'Create your account'}
      </h1>
      <p className="mt-2 text-muted">
        {mode === 'login'
          ? 'Sign in to see your orders, payments, domains and support tickets.'
          : 'One account for your orders, invoices, domains and support.'}
      </p>
      <Card className="mt-6">
        <form onSubmit={onSubmit} className="grid gap-4">
          {mode === 'register' && (
            <div className="grid gap-1.5">
              <Label htmlFor="fullName">Full name</Label>
              <Input id="fullName" name="fullName" autoComplete="name" required />
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor="email">E-mail</Label>
            <Input id="email" name="email" type="email" autoComplete="email" required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="password">Password</Label>
            <Input
              id="password"
              name="password"
              type="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              required
            />
          </div>
          <Button type="submit" disabled={busy}>
            {mode === 'login' ? 'Sign in' : 'Create account'}
          </Button>
        </form>
      </Card>
      <p className="mt-4 text-center text-sm text-muted">
        {mode === 'login' ? 'New here?' : 'Already have an account?'}{' '}
        <Button
          variant="link"
          className="h-auto p-0"
          onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
        >
          {mode === 'login' ? 'Create an account' : 'Sign in instead'}
        </Button>
      </p>
    </div>
  );
}
