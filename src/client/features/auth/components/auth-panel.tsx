import { useState } from 'react';
import type { User } from '#shared/auth.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RegisterForm } from './register-form.tsx';
import { SignInForm } from './sign-in-form.tsx';

export type AuthMode = 'login' | 'register';

/** The sign-in or registration form, and the switch between them. */
export function AuthPanel({
  mode,
  onModeChange,
  onSignedIn,
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSignedIn: (user: User) => void;
}) {
  return (
    <>
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
          size="inline"
          onClick={() => onModeChange(mode === 'login' ? 'register' : 'login')}
        >
          {mode === 'login' ? 'Create an account' : 'Sign in instead'}
        </Button>
      </p>
    </>
  );
}

/** Does nothing more: the signed-in user lands in the user query, and the page re-renders. */
const stayOnPage = () => {};

/** Signing in inside another page (the checkout): the page stays, and so does its state. */
export function InlineAuth() {
  const [mode, setMode] = useState<AuthMode>('register');
  return (
    <section aria-labelledby="inline-auth-heading">
      <h2 id="inline-auth-heading" className="text-xl font-bold text-ink">
        {mode === 'login' ? 'Sign in to pay' : 'Create your account to pay'}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {mode === 'login'
          ? 'Your cart stays as it is.'
          : 'Takes a moment. Your cart stays as it is, and your invoice goes to this e-mail address.'}
      </p>
      <AuthPanel mode={mode} onModeChange={setMode} onSignedIn={stayOnPage} />
    </section>
  );
}
