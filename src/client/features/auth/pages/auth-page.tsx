import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { afterSignIn } from '../sign-in-redirect.ts';

type Mode = 'login' | 'register';

/** /auth, /user/login and /user/register: sign in or create an account. */
export function AuthPage({ initialMode = 'login' }: { initialMode?: Mode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
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
      <Card className="mt-6">
        {mode === 'login' ? (
          <SignInForm onSignedIn={onSignedIn} />
        ) : (
          <RegisterForm onSignedIn={onSignedIn} />
        )}
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
