import { useQuery } from '@tanstack/react-query';
import type { AdminAuthStatus } from '#shared/admin.schemas.ts';
import { adminAuthStatusQueryOptions } from './api/get-admin-auth-status.ts';

export type { AdminAuthStatus };
export { adminAuthStatusQueryOptions };

/** Admin status; the header polls it every 5 s (SPEC §9), the provider keeps it 30 s. */
export function useAdminStatus(options: { poll?: boolean } = {}) {
  const query = useQuery({
    ...adminAuthStatusQueryOptions,
    refetchInterval: options.poll ? 5000 : false,
  });
  return { admin: query.data?.authenticated ? query.data.admin : null, isLoading: query.isPending };
}
