import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { paths } from '#shared/routes.ts';
import { toast } from '../components/ui/use-toast.ts';
import { signOut } from './api/sign-out.ts';
import { userQueryOptions } from './current-user.ts';
import { storageKeys } from './storage-keys.ts';

/** Sign-out (SPEC §4, §8): the user and every cached query are cleared, then home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      localStorage.setItem(storageKeys.userLogoutTimestamp, String(Date.now()));
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== userQueryOptions.queryKey[0],
      });
      queryClient.setQueryData(userQueryOptions.queryKey, null);
      toast({
        title: 'Logged out',
        description: 'You have been successfully logged out.',
        variant: 'success',
      });
      navigate(paths.home);
    },
    onError: () =>
      toast({
        title: 'Logout Failed',
        description: 'Logout failed. Please try again.',
        variant: 'destructive',
      }),
  });
}
