import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput, User } from '#shared/auth.schemas.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiContractError, ApiRequestError, serverMessage } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../../lib/current-user.ts';
import { validateSoonAfterSignIn } from '../../../lib/session-keeper.ts';
import { site } from '../../../lib/site.ts';
import { logIn } from './log-in.ts';
import { registerAccount } from './register-account.ts';

/** The registration error toasts of SPEC §5 and §8. */
export function registrationErrorToast(error: unknown): { title: string; description: string } {
  const message = error instanceof Error ? error.message : '';
  const code = error instanceof ApiRequestError ? error.code : undefined;
  if (code === 'NAME_TOO_SHORT' || message.includes('at least 2 characters')) {
    return {
      title: 'Name Too Short',
      description: 'Please enter a name with at least 2 characters',
    };
  }
  if (code === 'EMAIL_ALREADY_EXISTS' || message.includes('already registered')) {
    return {
      title: 'Email Already Registered',
      description:
        'This email address is already registered. Please use a different email or try logging in instead.',
    };
  }
  return { title: 'Registration Failed', description: 'Registration failed. Please try again.' };
}

type Action = { mode: 'login'; input: LoginInput } | { mode: 'register'; input: RegisterInput };

/** Sign-in and sign-up with the toasts of SPEC §4 and §8; `onSignedIn` decides where to go. */
export function useSignIn(onSignedIn: (user: User) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) =>
      action.mode === 'login' ? logIn(action.input) : registerAccount(action.input),
    onSuccess: (user, action) => {
      queryClient.setQueryData(userQueryOptions.queryKey, user);
      validateSoonAfterSignIn(queryClient);
      toast(
        action.mode === 'login'
          ? {
              title: 'Login successful',
              description: `Welcome back, ${user.fullName}!`,
              variant: 'success',
            }
          : {
              title: 'Account created',
              description: `Welcome to ${site.siteName}, ${user.fullName}! We have sent a confirmation link to ${user.email}.`,
              variant: 'success',
            },
      );
      onSignedIn(user);
    },
    onError: (error, action) => {
      // The session was made but its answer is not a user (SPEC §8 'unparseable response').
      if (error instanceof ApiContractError) {
        toast({
          title: action.mode === 'login' ? 'Login Failed' : 'Registration Failed',
          description:
            action.mode === 'login'
              ? 'Login succeeded but failed to retrieve user data.'
              : 'Registration succeeded but failed to retrieve user data.',
          variant: 'destructive',
        });
        // The session may exist even though its answer was unreadable.
        void queryClient.invalidateQueries(userQueryOptions);
        return;
      }
      toast(
        action.mode === 'login'
          ? {
              title: 'Login Failed',
              // The server's text, else SPEC §8's default (never "Request failed with status 401").
              description:
                serverMessage(error) ??
                'Invalid credentials. Please check your email and password.',
              variant: 'destructive',
            }
          : { ...registrationErrorToast(error), variant: 'destructive' },
      );
    },
  });
}
