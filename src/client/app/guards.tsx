import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { paths, type RouteId } from '#shared/routes.ts';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useUser } from '../lib/current-user.ts';
import { storageKeys } from '../lib/storage-keys.ts';
import { useAdminStatus } from '../lib/current-admin.ts';

/** User-protected pages: a spinner while the session loads, then /auth without a user (SPEC §2). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const [location] = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) {
    // Come back here after signing in (read by the sign-in page).
    sessionStorage.setItem(storageKeys.authReturnTo, location + window.location.search);
    return <Redirect to={paths.auth} replace />;
  }
  return children;
}

/**
 * Admin-protected pages go to /admin/login without an admin session (SPEC §2), and to the second
 * factor's set-up while the back office still asks for one.
 */
export function RequireAdmin({ children, id }: { children: ReactNode; id: RouteId }) {
  const { admin, isLoading } = useAdminStatus();
  if (isLoading) return <PageSpinner />;
  if (!admin) return <Redirect to={paths.adminLogin} replace />;
  if (admin.mustEnrolTwoFactor && id !== 'adminTwoFactor') {
    return <Redirect to={paths.adminTwoFactor} replace />;
  }
  return children;
}
