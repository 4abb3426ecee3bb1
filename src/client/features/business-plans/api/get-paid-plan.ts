import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPlanSchema, type PlanUpdate } from '#shared/business-plans.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/business-plans/{id}: a paid plan with its customer, order and comments. */
export const getPaidPlan = (id: string) =>
  apiRequest('GET', `/api/admin/business-plans/${encodeURIComponent(id)}`, adminPlanSchema);

export const paidPlanQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/business-plans/', id],
    queryFn: () => getPaidPlan(id),
    // The builder holds the working copy; refetching under the writer's typing would fight it.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

export const usePaidPlan = (id: string) => useQuery(paidPlanQueryOptions(id));

/** PUT /api/admin/business-plans/{id}: our writers' edit, from `baseVersion` (409 otherwise). */
export const savePaidPlan = ({ id, update }: { id: string; update: PlanUpdate }) =>
  apiRequest('PUT', `/api/admin/business-plans/${encodeURIComponent(id)}`, adminPlanSchema, update);

/** GET /api/admin/business-plans/{id}/pdf or …/docx */
export const paidPlanDocumentUrl = (id: string, format: 'pdf' | 'docx') =>
  `/api/admin/business-plans/${encodeURIComponent(id)}/${format}`;
