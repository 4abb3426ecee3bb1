import {
  adminPlanSchema,
  type AdminPlan,
  type PlanCommentInput,
} from '#shared/business-plans.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { paidPlansQueryKey } from './get-paid-plans.ts';

interface CommentInput {
  id: string;
  comment: PlanCommentInput;
}

/** POST /api/admin/business-plans/{id}/comments: a writer's comment on a section. */
export const commentOnPlan = ({ id, comment }: CommentInput) =>
  apiRequest(
    'POST',
    `/api/admin/business-plans/${encodeURIComponent(id)}/comments`,
    adminPlanSchema,
    comment,
  );

export const useCommentOnPlan = (config?: MutationConfig<AdminPlan, CommentInput>) =>
  useEndpointMutation(commentOnPlan, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: paidPlansQueryKey });
  });
