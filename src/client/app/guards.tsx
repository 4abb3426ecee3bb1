import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { paths } from '#shared/routes.ts';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useUser } from '../features/auth/api/get-user.ts';
import { useAdminStatus } from '../features/admin-auth/api/get-auth-status.ts';

/** User-protected pages: a spinner while the session loads, then /auth without a user (SPEC §2). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Redirect to={paths.auth} replace />;
  return children;
}

/** Admin-protected pages go to /admin/login without an admin session (SPEC §2). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { admin, isLoading } = useAdminStatus();
  if (isLoading) return <PageSpinner />;
  if (!admin) return <Redirect to={paths.adminLogin} replace />;
  return children;
}
