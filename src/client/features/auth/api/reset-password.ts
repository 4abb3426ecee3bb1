import { messageSchema, type ResetPasswordInput } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation } from '../../../lib/react-query.ts';

/** POST /api/reset-password: the mailed link's token and the new password. */
export const resetPassword = (input: ResetPasswordInput) =>
  apiRequest('POST', '/api/reset-password', messageSchema, input);

export const useResetPassword = () => useEndpointMutation(resetPassword);
