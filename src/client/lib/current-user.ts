import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#shared/auth.schemas.ts';
import { ApiRequestError, getQueryFn } from './api-client.ts';

export type { User };

/** The signed-in user (SPEC §4, §9): a 401 means nobody, 5 minutes stale, no retry on 404. */
export const userQueryOptions = queryOptions({
  queryKey: ['/api/user'],
  queryFn: getQueryFn<User>({ on401: 'returnNull' }),
  staleTime: 5 * 60_000,
  retry: (failureCount, error) =>
    !(error instanceof ApiRequestError && error.status === 404) && failureCount < 1,
});

export function useUser() {
  const query = useQuery(userQueryOptions);
  return { user: query.data ?? null, isLoading: query.isPending };
}
