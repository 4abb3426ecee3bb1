import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation } from 'wouter';
import { invitationAcceptSchema, type InvitationAcceptInput } from '#shared/admin.schemas.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { rememberAdmin } from '../../../lib/admin-session.ts';
import { tokenFromUrl } from '../../../lib/token-from-url.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInvitation } from '../api/look-up-invitation.ts';

const roleWords = { owner: 'an owner', staff: 'staff' } as const;

/** /admin/invitation?token=…: the mailed link an owner's invitation carries. */
export function InvitationPage() {
  const [token] = useState(tokenFromUrl);
  const [, navigate] = useLocation();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation({
    onSuccess: ({ admin }) => {
      rememberAdmin(admin);
      toast({
        title: 'Welcome to the back office',
        description: `You are signed in as ${admin.name}.`,
        variant: 'success',
      });
      navigate(admin.mustEnrolTwoFactor ? paths.adminTwoFactor : paths.adminDashboard);
    },
    onError: (error) =>
      toast({ title: 'Not joined', description: error.message, variant: 'destructive' }),
  });
  const form = useForm<InvitationAcceptInput>({
    resolver: zodResolver(invitationAcceptSchema),
    defaultValues: { token, name: '', password: '' },
  });
  const { errors } = form.formState;

  let body;
  if (!token) {
    body = <p className="text-muted">Open the full link from the invitation e-mail.</p>;
  } else if (invitation.isPending) {
    body = <Spinner label="Checking the invitation" />;
  } else if (invitation.isError) {
    body = (
      <p role="alert" className="text-red-700">
        {invitation.error.message}
      </p>
    );
  } else {
    body = (
      <form
        noValidate
        onSubmit={form.handleSubmit((input) => accept.mutate(input))}
        className="grid gap-4"
      >
        <p className="text-ink">
          You are joining as {roleWords[invitation.data.role]} with{' '}
          <strong className="[overflow-wrap:anywhere]">{invitation.data.email}</strong>.
        </p>
        <FormField
          id="invitation-name"
          label="Your name"
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <FormField
          id="invitation-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters."
          error={errors.password?.message ?? errors.token?.message}
          {...form.register('password')}
        />
        <Button type="submit" disabled={accept.isPending}>
          {accept.isPending ? 'Joining…' : 'Join the back office'}
        </Button>
      </form>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold text-ink">Join the back office</h1>
      <Card className="mt-6">{body}</Card>
    </div>
  );
}
