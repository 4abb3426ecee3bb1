import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, getQueryFn } from '../../../lib/api-client.ts';

export interface User {
  id: string;
  email: string;
  fullName: string;
  emailVerified?: boolean;
  createdAt?: string;
}

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
