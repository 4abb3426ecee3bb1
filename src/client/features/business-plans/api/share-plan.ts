import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageSchema } from '#shared/auth.schemas.ts';
import {
  planShareSchema,
  sharedPlanSchema,
  type PlanShare,
} from '#shared/business-plans.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

const shareUrl = (id: string) => `/api/business-plans/${encodeURIComponent(id)}/share`;

/** POST /api/business-plans/{id}/share: a new read-only link (the one before stops working). */
export const useSharePlan = (config?: MutationConfig<PlanShare, string>) =>
  useEndpointMutation((id: string) => apiRequest('POST', shareUrl(id), planShareSchema), config);

/** DELETE /api/business-plans/{id}/share: the link stops opening the plan. */
export const useStopSharingPlan = (config?: MutationConfig<{ message: string }, string>) =>
  useEndpointMutation((id: string) => apiRequest('DELETE', shareUrl(id), messageSchema), config);

/** GET /api/shared-plan?token=…: the plan a read-only link opens. */
export const useSharedPlan = (token: string) =>
  useQuery({
    ...queryOptions({
      queryKey: ['/api/shared-plan', token],
      queryFn: () => apiRequest('GET', withQuery('/api/shared-plan', { token }), sharedPlanSchema),
      retry: false,
    }),
    enabled: token !== '',
  });

/** GET /api/shared-plan/pdf?token=… or …/docx: its PDF or Word file. */
export const sharedPlanDocumentUrl = (token: string, format: 'pdf' | 'docx') =>
  withQuery(`/api/shared-plan/${format}`, { token });
