import { planSchema, type NewPlanInput, type Plan } from '#shared/business-plans.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { myPlanQueryOptions } from './get-my-plan.ts';
import { myPlansQueryKey } from './get-my-plans.ts';

/** POST /api/business-plans: a new, empty draft. */
export const createPlan = (input: NewPlanInput) =>
  apiRequest('POST', '/api/business-plans', planSchema, input);

export const useCreatePlan = (config?: MutationConfig<Plan, NewPlanInput>) =>
  useEndpointMutation(createPlan, config, (queryClient, plan) => {
    queryClient.setQueryData(myPlanQueryOptions(plan.id).queryKey, plan);
    void queryClient.invalidateQueries({ queryKey: myPlansQueryKey });
  });
