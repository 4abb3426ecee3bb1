import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { adminLoginSchema, type AdminLoginInput } from '#shared/admin.schemas.ts';
import { clientTypeFromUserAgent } from '#shared/client-type.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { rememberAdmin } from '../../../lib/admin-session.ts';
import { getAdminAuthStatus } from '../../../lib/api/get-admin-auth-status.ts';
import { adminAuthStatusQueryOptions, type AdminAuthStatus } from '../../../lib/current-admin.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { logInAdmin } from '../api/log-in-admin.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Re-verifies the new admin session, retrying once after 1 s (SPEC §4, §9). */
async function verifyAdminSession(): Promise<AdminAuthStatus | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await wait(1000);
    const status = await getAdminAuthStatus().catch(() => null);
    if (status?.authenticated) return status;
  }
  return null;
}

/** What the server says when the password was right and a second factor is still to come. */
const codeRefusals = new Set(['TWO_FACTOR_REQUIRED', 'INVALID_TWO_FACTOR_CODE']);

export function AdminLoginPage() {
  const [busy, setBusy] = useState(false);
  /** Set once the password was right and the account has a second factor: then the code. */
  const [askCode, setAskCode] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const form = useForm<AdminLoginInput>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { email: '', password: '', code: '' },
  });

  async function signIn(input: AdminLoginInput) {
    setBusy(true);
    try {
      await logInAdmin(input);
    } catch (error) {
      setBusy(false);
      const code = error instanceof ApiRequestError ? error.code : undefined;
      if (code && codeRefusals.has(code)) {
        setAskCode(true);
        const message = code === 'TWO_FACTOR_REQUIRED' ? undefined : (error as Error).message;
        if (message) form.setError('code', { message });
        else form.clearErrors('code');
        setTimeout(() => form.setFocus('code'));
        return;
      }
      toast({
        title: 'Login Failed',
        description:
          code === 'ACCOUNT_DISABLED'
            ? (error as Error).message
            : 'Please check your credentials and try again',
        variant: 'destructive',
      });
      return;
    }
    if (clientTypeFromUserAgent(navigator.userAgent) === 'mobile') await wait(500);
    const verified = await verifyAdminSession();
    setBusy(false);
    if (!verified?.admin) {
      toast({
        title: 'Login Failed',
        description: 'Session verification failed. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    rememberAdmin(verified.admin);
    queryClient.setQueryData(adminAuthStatusQueryOptions.queryKey, verified);
    toast({
      title: 'Login Successful',
      description: 'You are now logged in as an administrator',
      variant: 'success',
    });
    navigate(verified.admin.mustEnrolTwoFactor ? paths.adminTwoFactor : paths.adminDashboard);
  }

  const { errors } = form.formState;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold text-ink">Administrator sign-in</h1>
      <p className="mt-2 text-muted">
        For staff only. Customer accounts sign in on the customer page.
      </p>
      <Card className="mt-6">
        <form noValidate onSubmit={form.handleSubmit(signIn)} className="grid gap-4">
          <FormField
            id="admin-email"
            label="E-mail"
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <FormField
            id="admin-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          {askCode && (
            <FormField
              id="admin-code"
              label="Authentication code"
              inputMode="text"
              autoComplete="one-time-code"
              hint="The 6-digit code from your authenticator app, or one of your recovery codes."
              error={errors.code?.message}
              {...form.register('code')}
            />
          )}
          <Button type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
