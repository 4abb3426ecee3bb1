import { planSchema, type Plan, type PlanImport } from '#shared/business-plans.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { myPlanQueryOptions } from './get-my-plan.ts';
import { myPlansQueryKey } from './get-my-plans.ts';

interface ImportInput {
  id: string;
  body: PlanImport;
}

/** POST /api/business-plans/{id}/import: a paid plan takes another of the customer's plans. */
export const importIntoPlan = ({ id, body }: ImportInput) =>
  apiRequest('POST', `/api/business-plans/${encodeURIComponent(id)}/import`, planSchema, body);

export const useImportIntoPlan = (config?: MutationConfig<Plan, ImportInput>) =>
  useEndpointMutation(importIntoPlan, config, (queryClient, plan) => {
    queryClient.setQueryData(myPlanQueryOptions(plan.id).queryKey, plan);
    void queryClient.invalidateQueries({ queryKey: myPlansQueryKey });
  });
