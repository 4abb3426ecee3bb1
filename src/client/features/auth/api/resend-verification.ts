import { messageSchema } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation } from '../../../lib/react-query.ts';

/** POST /api/user/resend-verification: a new confirmation link for the caller's address. */
export const resendVerification = () =>
  apiRequest('POST', '/api/user/resend-verification', messageSchema);

export const useResendVerification = () => useEndpointMutation(resendVerification);
