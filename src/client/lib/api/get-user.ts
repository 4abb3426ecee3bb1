import { queryOptions } from '@tanstack/react-query';
import type { User } from '#shared/auth.schemas.ts';
import { mayBeSignedIn } from '#shared/session-hint.ts';
import { apiRequest, ApiRequestError, nullWhenUnauthorized, schemaFrom } from '../api-client.ts';

/**
 * GET /api/user: the signed-in user, or null when nobody is (its 401, SPEC §4). A browser whose
 * cookies hold no session hint is nobody's: it is not asked, so a visitor sees no failed request.
 */
export const getUser = async (): Promise<User | null> =>
  typeof document === 'undefined' || !mayBeSignedIn(document.cookie)
    ? null
    : nullWhenUnauthorized(
        apiRequest(
          'GET',
          '/api/user',
          schemaFrom(() => import('#shared/auth.schemas.ts'), 'userSchema'),
        ),
      );

/** 5 minutes stale, no retry on 404 (SPEC §9). */
export const userQueryOptions = queryOptions({
  queryKey: ['/api/user'],
  queryFn: getUser,
  staleTime: 5 * 60_000,
  retry: (failureCount, error) =>
    !(error instanceof ApiRequestError && error.status === 404) && failureCount < 1,
});
