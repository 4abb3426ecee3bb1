import { useEffect, useState } from 'react';
import { clientTypeFromUserAgent } from '#shared/client-type.ts';
import { Card } from '../../../components/ui/card.tsx';
import { apiFetch } from '../../../lib/api-client.ts';

interface Diagnostic {
  cookiesEnabled: boolean;
  clientType: string;
  user: string;
  cookieRefresh: string;
}

async function describe(path: string): Promise<string> {
  try {
    const response = await apiFetch('GET', path);
    const text = await response.text();
    return `${response.status} ${response.statusText} ${text.slice(0, 200)}`;
  } catch (error) {
    return `request failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The debug routes of SPEC §2: the caller's own session state, nothing secret. */
export function AuthDebugPage() {
  const [diagnostic, setDiagnostic] = useState<Diagnostic | null>(null);
  useEffect(() => {
    void Promise.all([describe('/api/user'), describe('/api/cookie-refresh')]).then(
      ([user, cookieRefresh]) =>
        setDiagnostic({
          cookiesEnabled: navigator.cookieEnabled,
          clientType: clientTypeFromUserAgent(navigator.userAgent),
          user,
          cookieRefresh,
        }),
    );
  }, []);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-ink">Session diagnostics</h1>
      <p className="mt-2 text-muted">What this browser tells us about your own session.</p>
      <Card className="mt-6">
        {diagnostic ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-[12rem_1fr]">
            <dt className="font-semibold">Cookies enabled</dt>
            <dd>{diagnostic.cookiesEnabled ? 'Yes' : 'No'}</dd>
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
      </Card>
    </div>
  );
}
