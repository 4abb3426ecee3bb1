import { doneSchema } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { administratorsQueryOptions } from './get-administrators.ts';

/** DELETE /api/admin/administrators/invitations/{id}: the link stops working. */
export const revokeInvitation = (id: string) =>
  apiRequest('DELETE', `/api/admin/administrators/invitations/${id}`, doneSchema);

export const useRevokeInvitation = (mutationConfig?: MutationConfig<{ success: true }, string>) =>
  useEndpointMutation(revokeInvitation, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: administratorsQueryOptions.queryKey });
  });
