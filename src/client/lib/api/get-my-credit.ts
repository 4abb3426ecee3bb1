import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, schemaFrom } from '../api-client.ts';
import type { QueryConfig } from '../react-query.ts';

/**
 * GET /api/account/credit: the caller's account credit, its balance and statement. The checkout
 * (a public page) offers it too, so its schema loads with the answer.
 */
export const getMyCredit = () =>
  apiRequest(
    'GET',
    '/api/account/credit',
    schemaFrom(() => import('#shared/credit.schemas.ts'), 'creditStatementSchema'),
  );

export const myCreditQueryOptions = queryOptions({
  queryKey: ['/api/account/credit'],
  queryFn: getMyCredit,
});

export const useMyCredit = (config: QueryConfig<() => typeof myCreditQueryOptions> = {}) =>
  useQuery({ ...myCreditQueryOptions, ...config });
