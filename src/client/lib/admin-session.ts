import { useEffect } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { Admin } from '#shared/admin.schemas.ts';
import { paths } from '#shared/routes.ts';
import { toast } from '../components/ui/use-toast.ts';
import { isAdminCall } from './api-client.ts';
import { refreshAdminCookie } from './api/refresh-admin-cookie.ts';
import { signOutAdmin } from './api/sign-out-admin.ts';
import { adminAuthStatusQueryOptions, type AdminAuthStatus } from './current-admin.ts';
import { storageKeys } from './storage-keys.ts';

const adminRefreshEveryMs = 5 * 60_000;

/** Keeps a copy of who is signed in (SPEC §3 admin session backup keys). */
export function rememberAdmin(admin: Admin): void {
  localStorage.setItem(storageKeys.adminSessionBackup, JSON.stringify(admin));
  localStorage.setItem(storageKeys.adminSessionBackupTime, String(Date.now()));
}

/** Forgets the admin everywhere in this browser: query state and the stored keys. */
export function forgetAdmin(queryClient: QueryClient): void {
  localStorage.removeItem(storageKeys.adminSessionBackup);
  localStorage.removeItem(storageKeys.adminSessionBackupTime);
  localStorage.setItem(storageKeys.adminLogoutTimestamp, String(Date.now()));
  queryClient.removeQueries({
    predicate: (query) => isAdminCall(String(query.queryKey[0])),
  });
  const signedOut: AdminAuthStatus = { authenticated: false, admin: null };
  queryClient.setQueryData(adminAuthStatusQueryOptions.queryKey, signedOut);
}

/**
 * Admin sign-out (SPEC §4, §8): on success or on error the admin state and local admin data are
 * cleared and the app goes to /admin/login.
 */
export function useAdminSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: signOutAdmin,
    onSuccess: () =>
      toast({
        title: 'Logout Successful',
        description: 'You have been signed out of the back office.',
        variant: 'success',
      }),
    onError: () =>
      toast({
        title: 'Logout Complete',
        description: 'Your administrator session has been cleared in this browser.',
      }),
    onSettled: () => {
      forgetAdmin(queryClient);
      navigate(paths.adminLogin);
    },
  });
}

/** The admin session refresh of SPEC §9: every 5 minutes; a 401 ends the admin state. */
export function useAdminSessionKeeper(active: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      void refreshAdminCookie()
        .then((signedIn) => {
          if (!signedIn) forgetAdmin(queryClient);
        })
        .catch(() => {});
    }, adminRefreshEveryMs);
    return () => clearInterval(timer);
  }, [active, queryClient]);
}
