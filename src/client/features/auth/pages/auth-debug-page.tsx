import { useCallback, useEffect, useState } from 'react';
import { clientTypeFromUserAgent } from '#shared/client-type.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { getSessionDiagnostics } from '../api/get-session-diagnostics.ts';
import { probeSessionCalls } from '../api/probe-session-calls.ts';
import { SignInForm } from '../components/sign-in-form.tsx';

interface Diagnostic {
  cookiesEnabled: boolean;
  clientType: string;
  sessionCookie: string;
  user: string;
  cookieRefresh: string;
}

/** The session cookie is HttpOnly, so only the server can say whether this browser sent it. */
async function sessionCookieState(): Promise<string> {
  try {
    const body = await getSessionDiagnostics();
    if (!body.sessionCookiePresent) return 'Not sent';
    return body.sessionActive ? 'Sent, session active' : 'Sent, but the session has ended';
  } catch {
    return 'Unknown (the server did not answer)';
  }
}

async function diagnose(): Promise<Diagnostic> {
  const [sessionCookie, { user, cookieRefresh }] = await Promise.all([
    sessionCookieState(),
    probeSessionCalls(),
  ]);
  return {
    cookiesEnabled: navigator.cookieEnabled,
    clientType: clientTypeFromUserAgent(navigator.userAgent),
    sessionCookie,
    user,
    cookieRefresh,
  };
}

/** The debug routes of SPEC §2: the caller's own session state and a sign-in form, nothing secret. */
export function AuthDebugPage() {
  const [diagnostic, setDiagnostic] = useState<Diagnostic | null>(null);
  const refresh = useCallback(() => {
    setDiagnostic(null);
    void diagnose().then(setDiagnostic);
  }, []);
  useEffect(() => {
    void diagnose().then(setDiagnostic);
  }, []);
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-12">
      <div>
        <h1 className="text-3xl font-extrabold text-ink">Session diagnostics</h1>
        <p className="mt-2 text-muted">What this browser tells us about your own session.</p>
      </div>
      <Card>
        {diagnostic ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-[12rem_1fr]">
            <dt className="font-semibold">Cookies enabled</dt>
            <dd>{diagnostic.cookiesEnabled ? 'Yes' : 'No'}</dd>
            <dt className="font-semibold">Session cookie</dt>
            <dd>{diagnostic.sessionCookie}</dd>
            <dt className="font-semibold">Client type</dt>
            <dd>{diagnostic.clientType}</dd>
            <dt className="font-semibold">GET /api/user</dt>
            <dd className="font-mono break-all">{diagnostic.user}</dd>
            <dt className="font-semibold">GET /api/cookie-refresh</dt>
            <dd className="font-mono break-all">{diagnostic.cookieRefresh}</dd>
          </dl>
        ) : (
          <p>Checking…</p>
        )}
        <Button variant="outline" size="sm" className="mt-5" onClick={refresh}>
          Check again
        </Button>
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-bold text-ink">Test a sign-in</h2>
        <SignInForm idPrefix="debug" onSignedIn={refresh} />
      </Card>
    </div>
  );
}
