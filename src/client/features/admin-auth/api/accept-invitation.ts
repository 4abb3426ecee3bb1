import {
  adminLoginResultSchema,
  type AdminAuthStatus,
  type InvitationAcceptInput,
} from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminAuthStatusQueryOptions } from '../../../lib/current-admin.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/** POST /api/admin/invitations/accept: creates the invited administrator and signs them in. */
export const acceptInvitation = (input: InvitationAcceptInput) =>
  apiRequest('POST', '/api/admin/invitations/accept', adminLoginResultSchema, input);

export const useAcceptInvitation = (
  mutationConfig?: MutationConfig<
    Awaited<ReturnType<typeof acceptInvitation>>,
    InvitationAcceptInput
  >,
) =>
  useEndpointMutation(acceptInvitation, mutationConfig, (queryClient, { admin }) => {
    const signedIn: AdminAuthStatus = { authenticated: true, admin };
    queryClient.setQueryData(adminAuthStatusQueryOptions.queryKey, signedIn);
  });
