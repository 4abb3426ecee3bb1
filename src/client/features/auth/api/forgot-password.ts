import { messageSchema, type ForgotPasswordInput } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation } from '../../../lib/react-query.ts';

/** POST /api/forgot-password: mails a reset link if the account exists (the answer never says). */
export const forgotPassword = (input: ForgotPasswordInput) =>
  apiRequest('POST', '/api/forgot-password', messageSchema, input);

export const useForgotPassword = () => useEndpointMutation(forgotPassword);
