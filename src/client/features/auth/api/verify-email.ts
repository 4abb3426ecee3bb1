import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../../lib/current-user.ts';

/** Confirms the address of a mailed link; a signed-in copy of the user is refreshed. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest<User>('POST', '/api/verify-email', { token }),
    onSuccess: () => queryClient.invalidateQueries(userQueryOptions),
  });
}
