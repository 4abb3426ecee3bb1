import { queryOptions, useQuery } from '@tanstack/react-query';
import { administratorsSchema } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/administrators (owners): everyone with a back-office account, and invitations. */
export const getAdministrators = () =>
  apiRequest('GET', '/api/admin/administrators', administratorsSchema);

export const administratorsQueryOptions = queryOptions({
  queryKey: ['/api/admin/administrators'] as const,
  queryFn: getAdministrators,
});

export const useAdministrators = () => useQuery(administratorsQueryOptions);
