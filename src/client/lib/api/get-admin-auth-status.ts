import { queryOptions } from '@tanstack/react-query';
import type { AdminAuthStatus } from '#shared/admin.schemas.ts';
import { mayBeSignedIn } from '#shared/session-hint.ts';
import { apiRequest, nullWhenUnauthorized, schemaFrom } from '../api-client.ts';

const signedOut: AdminAuthStatus = { authenticated: false, admin: null };

/**
 * GET /api/admin/auth-status (SPEC §7): whether an administrator is signed in, and who. Outside
 * the back office a browser without the admin hint cookie is nobody's: it is not asked (nor is
 * the schema loaded), which keeps public pages light for visitors.
 */
export const getAdminAuthStatus = async (): Promise<AdminAuthStatus | null> =>
  typeof document === 'undefined' ||
  (!mayBeSignedIn(document.cookie, 'admin') && !window.location.pathname.startsWith('/admin'))
    ? signedOut
    : nullWhenUnauthorized(
        apiRequest(
          'GET',
          '/api/admin/auth-status',
          schemaFrom(() => import('#shared/admin.schemas.ts'), 'adminAuthStatusSchema'),
        ),
      );

/** 30 s stale in the auth provider; the header polls it every 5 s (SPEC §9). */
export const adminAuthStatusQueryOptions = queryOptions({
  queryKey: ['/api/admin/auth-status'],
  queryFn: getAdminAuthStatus,
  staleTime: 30_000,
  retry: false,
});
