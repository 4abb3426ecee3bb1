import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { clientTypeFromUserAgent } from '#shared/client-type.ts';
import { ApiRequestError } from './api-client.ts';
import { refreshCookie } from './api/refresh-cookie.ts';
import { userQueryOptions, useUser } from './current-user.ts';

const cookieRefreshEveryMs = 30_000;
const desktopRefreshEveryMs = 10 * 60_000;
const sessionCheckEveryMs = 60_000;

/**
 * Keeps the session cookie fresh (SPEC §7): on a 401 it asks once more with `_retry=true`; a
 * second 401 means the session is gone, so the user is cleared.
 */
export async function refreshSessionCookie(queryClient: QueryClient): Promise<boolean> {
  try {
    if ((await refreshCookie({ retry: false })) || (await refreshCookie({ retry: true }))) {
      return true;
    }
  } catch (error) {
    // Any other failure (the server is away, a 5xx) leaves the user as they are.
    if (error instanceof ApiRequestError) return false;
    throw error;
  }
  queryClient.setQueryData(userQueryOptions.queryKey, null);
  return false;
}

/** A signed-in user's session is checked again 1 s after sign-in (SPEC §9). */
export function validateSoonAfterSignIn(queryClient: QueryClient): void {
  setTimeout(() => void queryClient.invalidateQueries(userQueryOptions), 1000);
}

/**
 * The session timings of SPEC §9 while someone is signed in: on desktop the cookie refresh every
 * 30 s and on focus or when the tab shows again, plus a 10-minute refresh; everywhere a check of
 * the session every 60 s.
 */
export function useSessionKeeper(): void {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const signedIn = user !== null;

  useEffect(() => {
    if (!signedIn) return;
    const refresh = () => void refreshSessionCookie(queryClient).catch(() => {});
    const check = () => void queryClient.invalidateQueries(userQueryOptions);
    const timers = [setInterval(check, sessionCheckEveryMs)];
    const desktop = clientTypeFromUserAgent(navigator.userAgent) === 'desktop';
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    if (desktop) {
      timers.push(setInterval(refresh, cookieRefreshEveryMs));
      timers.push(setInterval(check, desktopRefreshEveryMs));
      window.addEventListener('focus', refresh);
      document.addEventListener('visibilitychange', onVisible);
    }
    return () => {
      timers.forEach(clearInterval);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn, queryClient]);
}
