import {
  adminInvitationSchema,
  type AdminInvitation,
  type AdminInviteInput,
} from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { administratorsQueryOptions } from './get-administrators.ts';

/** POST /api/admin/administrators/invitations: mails a one-time link to join in a role. */
export const inviteAdministrator = (input: AdminInviteInput) =>
  apiRequest('POST', '/api/admin/administrators/invitations', adminInvitationSchema, input);

export const useInviteAdministrator = (
  mutationConfig?: MutationConfig<AdminInvitation, AdminInviteInput>,
) =>
  useEndpointMutation(inviteAdministrator, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: administratorsQueryOptions.queryKey });
  });
