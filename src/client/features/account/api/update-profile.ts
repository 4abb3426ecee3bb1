import { profileSchema, type Profile, type ProfileUpdateInput } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { profileChanged } from './get-profile.ts';

/** PATCH /api/user/profile: name, phone, company, address, VAT number. */
export const updateProfile = (input: ProfileUpdateInput) =>
  apiRequest('PATCH', '/api/user/profile', profileSchema, input);

export const useUpdateProfile = (mutationConfig?: MutationConfig<Profile, ProfileUpdateInput>) =>
  useEndpointMutation(updateProfile, mutationConfig, profileChanged);
