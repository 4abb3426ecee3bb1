import { messageSchema, type ChangePasswordInput } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation } from '../../../lib/react-query.ts';

/** POST /api/user/change-password: other devices are signed out. */
export const changePassword = (input: ChangePasswordInput) =>
  apiRequest('POST', '/api/user/change-password', messageSchema, input);

export const useChangePassword = () => useEndpointMutation(changePassword);
