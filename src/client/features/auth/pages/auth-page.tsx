import { useState } from 'react';
import { useLocation } from 'wouter';
import { AuthPanel, type AuthMode } from '../components/auth-panel.tsx';
import { afterSignIn } from '../sign-in-redirect.ts';

/** /auth, /user/login and /user/register: sign in or create an account. */
export function AuthPage({ initialMode = 'login' }: { initialMode?: AuthMode }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [, navigate] = useLocation();
  const onSignedIn = () => navigate(afterSignIn(), { replace: true });
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
      <AuthPanel mode={mode} onModeChange={setMode} onSignedIn={onSignedIn} />
    </div>
  );
}
