import { queryOptions } from '@tanstack/react-query';
import type { AdminAuthStatus } from '#shared/admin.schemas.ts';
import { apiRequest, nullWhenUnauthorized, schemaFrom } from '../api-client.ts';

/** GET /api/admin/auth-status (SPEC §7): whether an administrator is signed in, and who. */
export const getAdminAuthStatus = (): Promise<AdminAuthStatus | null> =>
  nullWhenUnauthorized(
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
