import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../../lib/current-user.ts';

/** GET /api/user/profile: the signed-in customer's own details. */
export const getProfile = () => apiRequest('GET', '/api/user/profile', profileSchema);

export const profileQueryOptions = queryOptions({
  queryKey: ['/api/user/profile'],
  queryFn: getProfile,
});

export const useProfile = () => useQuery(profileQueryOptions);

/** After a change the answer is the new profile; the signed-in user (name, e-mail) is read again. */
export function profileChanged(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(profileQueryOptions.queryKey, profile);
  void queryClient.invalidateQueries(userQueryOptions);
}
