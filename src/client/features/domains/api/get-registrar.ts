import { queryOptions, useQuery } from '@tanstack/react-query';
import { registrarOverviewSchema } from '#shared/registrar.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/registrar: the live registrar, its account, mismatches and the TLD table. */
export const getRegistrar = () =>
  apiRequest('GET', '/api/admin/registrar', registrarOverviewSchema);

export const registrarQueryOptions = queryOptions({
  queryKey: ['/api/admin/registrar'],
  queryFn: getRegistrar,
});

export const useRegistrar = () => useQuery(registrarQueryOptions);
