import { useQuery } from '@tanstack/react-query';
import type { User } from '#shared/auth.schemas.ts';
import { userQueryOptions } from './api/get-user.ts';

export type { User };
export { userQueryOptions };

/** The signed-in user (SPEC §4, §9), or null when nobody is. */
export function useUser() {
  const query = useQuery(userQueryOptions);
  return { user: query.data ?? null, isLoading: query.isPending };
}
