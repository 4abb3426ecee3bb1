import { paths } from '#shared/routes.ts';
import { storageKeys } from '../../lib/storage-keys.ts';

/**
 * Where to go after signing in: back to the checkout when it sent us here (SPEC §3), else the
 * protected page that asked for a sign-in, else the dashboard.
 */
export function afterSignIn(): string {
  const checkout = localStorage.getItem(storageKeys.checkoutRedirect);
  localStorage.removeItem(storageKeys.checkoutRedirect);
  if (checkout) return paths.checkout;
  const returnTo = sessionStorage.getItem(storageKeys.authReturnTo);
  sessionStorage.removeItem(storageKeys.authReturnTo);
  if (returnTo?.startsWith('/') && !returnTo.startsWith('//')) return returnTo;
  return paths.userDashboard;
}
