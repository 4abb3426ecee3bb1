import { queryOptions, useQuery } from '@tanstack/react-query';
import { twoFactorStatusSchema } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/two-factor: whether this administrator's second factor is on, and codes left. */
export const getTwoFactorStatus = () =>
  apiRequest('GET', '/api/admin/two-factor', twoFactorStatusSchema);

export const twoFactorStatusQueryOptions = queryOptions({
  queryKey: ['/api/admin/two-factor'] as const,
  queryFn: getTwoFactorStatus,
});

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions);
