import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { clientTypeFromUserAgent } from '#shared/client-type.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminAuthStatusQueryOptions, type AdminAuthStatus } from '../api/get-auth-status.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Re-verifies the new admin session, retrying once after 1 s (SPEC §4, §9). */
async function verifyAdminSession(): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await wait(1000);
    const status = await apiRequest<AdminAuthStatus>('GET', '/api/admin/auth-status').catch(
      () => null,
    );
    if (status?.authenticated) return true;
  }
  return false;
}

export function AdminLoginPage() {
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setBusy(true);
    try {
      await apiRequest('POST', '/api/admin/login', { email: form.email, password: form.password });
    } catch {
      toast({
        title: 'Login Failed',
        description: 'Please check your credentials and try again',
        variant: 'destructive',
      });
      setBusy(false);
      return;
    }
    if (clientTypeFromUserAgent(navigator.userAgent) === 'mobile') await wait(500);
    const verified = await verifyAdminSession();
    setBusy(false);
    if (!verified) {
      toast({
        title: 'Login Failed',
        description: 'Session verification failed. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: adminAuthStatusQueryOptions.queryKey });
    toast({
      title: 'Login Successful',
      description: 'You are now logged in as an administrator',
      variant: 'success',
    });
    navigate(paths.adminDashboard);
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold text-ink">Administrator sign-in</h1>
      <p className="mt-2 text-muted">
        For staff only. Customer accounts sign in on the customer page.
      </p>
      <Card className="mt-6">
        <form onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="admin-email">E-mail</Label>
            <Input id="admin-email" name="email" type="email" autoComplete="username" required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="admin-password">Password</Label>
            <Input
              id="admin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          </div>
          <Button type="submit" disabled={busy}>
            Sign in
          </Button>
        </form>
      </Card>
    </div>
  );
}
