import { userSchema } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../../lib/current-user.ts';
import { useEndpointMutation } from '../../../lib/react-query.ts';

/** POST /api/verify-email: confirms the address of a mailed link. */
export const verifyEmail = (token: string) =>
  apiRequest('POST', '/api/verify-email', userSchema, { token });

/** A signed-in copy of the user is read again (verified, maybe a new address). */
export const useVerifyEmail = () =>
  useEndpointMutation(verifyEmail, {}, (queryClient) => {
    void queryClient.invalidateQueries(userQueryOptions);
  });
