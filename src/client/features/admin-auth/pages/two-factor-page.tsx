import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation } from 'wouter';
import {
  twoFactorCodeSchema,
  type TwoFactorCodeInput,
  type TwoFactorSetup,
} from '#shared/admin.schemas.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useConfirmTwoFactor } from '../api/confirm-two-factor.ts';
import { useTwoFactorStatus } from '../api/get-two-factor-status.ts';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup.ts';

/** The secret in groups of four, as authenticator apps show a key typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function RecoveryCodesList({ codes }: { codes: string[] }) {
  const [, navigate] = useLocation();
  const text = `${codes.join('\n')}\n`;
  return (
    <Card className="grid gap-4">
      <h2 className="text-xl font-bold text-ink">Save your recovery codes</h2>
      <p className="text-muted">
        Two-factor sign-in is on. If you lose your phone, each of these codes signs you in once in
        place of the app’s code. They are shown only now: print them or keep them in a password
        manager.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-lg bg-gray-50 p-4 font-mono text-base sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(text).then(
              () =>
                toast({ title: 'Copied', description: 'The recovery codes are on the clipboard.' }),
              () =>
                toast({
                  title: 'Not copied',
                  description: 'Select the codes and copy them by hand.',
                  variant: 'destructive',
                }),
            )
          }
        >
          Copy the codes
        </Button>
        <Button variant="outline" asChild>
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
            download="back-office-recovery-codes.txt"
          >
            Download as text
          </a>
        </Button>
        <Button onClick={() => navigate(paths.adminDashboard)}>I have saved them</Button>
      </div>
    </Card>
  );
}

function EnrolForm({
  setup,
  onDone,
}: {
  setup: TwoFactorSetup;
  onDone: (codes: string[]) => void;
}) {
  const form = useForm<TwoFactorCodeInput>({
    resolver: zodResolver(twoFactorCodeSchema),
    defaultValues: { code: '' },
  });
  const confirm = useConfirmTwoFactor({
    onSuccess: ({ recoveryCodes }) => {
      toast({
        title: 'Two-factor sign-in is on',
        description: 'From now on you sign in with your password and a code from the app.',
        variant: 'success',
      });
      onDone(recoveryCodes);
    },
    onError: (error) => form.setError('code', { message: error.message }),
  });
  return (
    <Card className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to add the back office to an authenticator app"
        width={200}
        height={200}
        className="justify-self-center rounded-lg border border-line bg-white p-2"
      />
      <div className="grid content-start gap-4">
        <ol className="grid list-decimal gap-2 pl-5 text-ink">
          <li>
            Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password,
            Authy or any other) and scan the QR code.
          </li>
          <li>
            No camera? Add an account by hand with this key (time-based):
            <code className="mt-1 block rounded bg-gray-100 px-2 py-1 font-mono text-sm [overflow-wrap:anywhere]">
              {grouped(setup.secret)}
            </code>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <form
          noValidate
          onSubmit={form.handleSubmit((input) => confirm.mutate(input))}
          className="grid max-w-xs gap-4"
        >
          <FormField
            id="two-factor-code"
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={form.formState.errors.code?.message}
            {...form.register('code')}
          />
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? 'Checking…' : 'Turn on two-factor sign-in'}
          </Button>
        </form>
      </div>
    </Card>
  );
}

/**
 * /admin/two-factor: an administrator's own second factor (RFC 6238). ADMIN_REQUIRE_2FA sends a
 * new administrator here first; nothing else in the back office opens until it is on.
 */
export function TwoFactorPage() {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useStartTwoFactorSetup({
    onSuccess: setSetup,
    onError: (error) =>
      toast({ title: 'Set-up not started', description: error.message, variant: 'destructive' }),
  });

  if (codes) return <RecoveryCodesList codes={codes} />;
  return (
    <QueryState query={status} label="your sign-in settings">
      {({ enabled, required, recoveryCodesLeft }) =>
        enabled ? (
          <Card className="grid gap-2">
            <h2 className="text-xl font-bold text-ink">Two-factor sign-in is on</h2>
            <p className="text-muted">
              You sign in with your password and a code from your authenticator app.{' '}
              {recoveryCodesLeft === 1
                ? 'One recovery code is left.'
                : `${recoveryCodesLeft} recovery codes are left.`}
            </p>
            <p className="text-muted">
              Lost the phone, or running out of recovery codes? An owner can reset your second
              factor under Administrators; you then set up the app again at your next sign-in.
            </p>
          </Card>
        ) : setup ? (
          <EnrolForm setup={setup} onDone={setCodes} />
        ) : (
          <Card className="grid justify-items-start gap-4">
            {required && (
              <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900">
                The back office asks every administrator for a second factor. Set it up to continue:
                it takes a minute.
              </p>
            )}
            <p className="text-ink">
              A second factor keeps the back office safe even if your password leaks: signing in
              also needs a code from an app on your phone that changes every 30 seconds.
            </p>
            <Button onClick={() => start.mutate()} disabled={start.isPending}>
              {start.isPending ? 'Starting…' : 'Set up an authenticator app'}
            </Button>
          </Card>
        )
      }
    </QueryState>
  );
}
