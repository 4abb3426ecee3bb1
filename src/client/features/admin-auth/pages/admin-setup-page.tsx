import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation } from 'wouter';
import { adminSetupSchema, type AdminSetupInput } from '#shared/admin.schemas.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { rememberAdmin } from '../../../lib/admin-session.ts';
import { tokenFromUrl } from '../../../lib/token-from-url.ts';
import { useSetUpAdmin } from '../api/set-up-admin.ts';

/** /admin/setup: the one-time link the server logs while no administrator exists. */
export function AdminSetupPage() {
  const [token] = useState(tokenFromUrl);
  const [, navigate] = useLocation();
  const setup = useSetUpAdmin({
    onSuccess: ({ admin }) => {
      rememberAdmin(admin);
      toast({
        title: 'Administrator created',
        description: `Welcome, ${admin.name}. You are signed in to the back office.`,
        variant: 'success',
      });
      navigate(admin.mustEnrolTwoFactor ? paths.adminTwoFactor : paths.adminDashboard);
    },
    onError: (error) =>
      toast({ title: 'Setup failed', description: error.message, variant: 'destructive' }),
  });
  const form = useForm<AdminSetupInput>({
    resolver: zodResolver(adminSetupSchema),
    defaultValues: { token, name: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold text-ink">Create the first administrator</h1>
      <p className="mt-2 text-muted">
        This link works once and makes you an owner. Invite the rest of the team from
        Administrators, or add them with{' '}
        <code className="rounded bg-gray-100 px-1">npm run admin:create</code>.
      </p>
      <Card className="mt-6">
        {token ? (
          <form
            noValidate
            onSubmit={form.handleSubmit((input) => setup.mutate(input))}
            className="grid gap-4"
          >
            <FormField
              id="setup-name"
              label="Your name"
              autoComplete="name"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <FormField
              id="setup-email"
              label="E-mail"
              type="email"
              autoComplete="username"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <FormField
              id="setup-password"
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="At least 10 characters."
              error={errors.password?.message ?? errors.token?.message}
              {...form.register('password')}
            />
            <Button type="submit" disabled={setup.isPending}>
              {setup.isPending ? 'Creating…' : 'Create administrator'}
            </Button>
          </form>
        ) : (
          <p className="text-muted">
            Open the full link from the server log: it ends in <code>?token=…</code>.
          </p>
        )}
      </Card>
    </div>
  );
}
