import { doneSchema } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { administratorsQueryOptions } from './get-administrators.ts';

/** POST /api/admin/administrators/{id}/reset-two-factor: clears a lost authenticator. */
export const resetAdministratorTwoFactor = (id: string) =>
  apiRequest('POST', `/api/admin/administrators/${id}/reset-two-factor`, doneSchema);

export const useResetAdministratorTwoFactor = (
  mutationConfig?: MutationConfig<{ success: true }, string>,
) =>
  useEndpointMutation(resetAdministratorTwoFactor, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: administratorsQueryOptions.queryKey });
  });
