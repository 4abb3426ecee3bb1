import { adminPlanSchema, type AdminPlan } from '#shared/business-plans.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { paidPlansQueryKey } from './get-paid-plans.ts';

/** POST /api/admin/business-plans/{id}/deliver: the plan is final; the customer is e-mailed. */
export const deliverPlan = (id: string) =>
  apiRequest(
    'POST',
    `/api/admin/business-plans/${encodeURIComponent(id)}/deliver`,
    adminPlanSchema,
  );

export const useDeliverPlan = (config?: MutationConfig<AdminPlan, string>) =>
  useEndpointMutation(deliverPlan, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: paidPlansQueryKey });
  });
