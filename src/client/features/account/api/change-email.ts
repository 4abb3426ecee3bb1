import { profileSchema, type ChangeEmailInput, type Profile } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { profileChanged } from './get-profile.ts';

/** POST /api/user/change-email: the new address is used once its mailed link is opened. */
export const changeEmail = (input: ChangeEmailInput) =>
  apiRequest('POST', '/api/user/change-email', profileSchema, input);

export const useChangeEmail = (mutationConfig?: MutationConfig<Profile, ChangeEmailInput>) =>
  useEndpointMutation(changeEmail, mutationConfig, profileChanged);
