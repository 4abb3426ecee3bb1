import { messageSchema } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { myPlansQueryKey } from './get-my-plans.ts';

/** DELETE /api/business-plans/{id}: removes a draft. */
export const deletePlan = (id: string) =>
  apiRequest('DELETE', `/api/business-plans/${encodeURIComponent(id)}`, messageSchema);

export const useDeletePlan = (config?: MutationConfig<{ message: string }, string>) =>
  useEndpointMutation(deletePlan, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: myPlansQueryKey });
  });
