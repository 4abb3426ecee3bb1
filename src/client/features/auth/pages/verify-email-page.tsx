import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUser } from '../../../lib/current-user.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { tokenFromUrl } from '../../../lib/token-from-url.ts';

/** /user/verify-email: confirms the address of the mailed link as soon as it opens. */
export function VerifyEmailPage() {
  const [token] = useState(tokenFromUrl);
  const verify = useVerifyEmail();
  const { user } = useUser();
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const next = user ? paths.userDashboard : paths.userLogin;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold text-ink">Confirm your e-mail address</h1>
      <Card className="mt-6">
        {!token ? (
          <p className="text-muted">
            Open the link in the e-mail we sent you to confirm your address. You can ask for a new
            link from your dashboard.
          </p>
        ) : verify.isSuccess ? (
          <div role="status" className="grid gap-3">
            <CircleCheck className="size-8 text-green-700" aria-hidden="true" />
            <h2 className="text-lg font-bold text-ink">E-mail address confirmed</h2>
            <p className="text-muted [overflow-wrap:anywhere]">
              Thank you. {verify.data.email} is confirmed for your account.
            </p>
            <Button asChild>
              <Link href={next}>{user ? 'Go to my dashboard' : 'Sign in'}</Link>
            </Button>
          </div>
        ) : verify.isError ? (
          <div role="alert" className="grid gap-3">
            <CircleAlert className="size-8 text-red-700" aria-hidden="true" />
            <h2 className="text-lg font-bold text-ink">We could not confirm this link</h2>
            <p className="text-muted">{verify.error.message}</p>
            <Button asChild variant="outline">
              <Link href={next}>{user ? 'Go to my dashboard' : 'Sign in'}</Link>
            </Button>
          </div>
        ) : (
          <p className="flex items-center gap-3 text-muted">
            <Spinner /> Confirming your e-mail address…
          </p>
        )}
      </Card>
    </div>
  );
}
