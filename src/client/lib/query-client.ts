import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client.ts';

/** Query defaults of SPEC §9: 10 s stale, 1 retry, refetch on focus, no polling, no mutation retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 10_000,
        retry: 1,
        refetchOnWindowFocus: true,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
