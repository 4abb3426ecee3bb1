import { planSchema, type Plan } from '#shared/business-plans.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { myPlansQueryKey } from './get-my-plans.ts';

/** POST /api/business-plans/{id}/copy: a copy of a plan, as a new draft. */
export const copyPlan = (id: string) =>
  apiRequest('POST', `/api/business-plans/${encodeURIComponent(id)}/copy`, planSchema);

export const useCopyPlan = (config?: MutationConfig<Plan, string>) =>
  useEndpointMutation(copyPlan, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: myPlansQueryKey });
  });
