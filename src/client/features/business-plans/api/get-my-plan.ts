import { queryOptions, useQuery } from '@tanstack/react-query';
import { planSchema } from '#shared/business-plans.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/business-plans/{id}: one of the customer's plans, whole. */
export const getMyPlan = (id: string) =>
  apiRequest('GET', `/api/business-plans/${encodeURIComponent(id)}`, planSchema);

export const myPlanQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/business-plans/', id],
    queryFn: () => getMyPlan(id),
    // The builder holds the working copy; refetching under the customer's typing would fight it.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

export const useMyPlan = (id: string) => useQuery(myPlanQueryOptions(id));

/** GET /api/business-plans/{id}/pdf or …/docx: the plan as a PDF or a Word download. */
export const planDocumentUrl = (id: string, format: 'pdf' | 'docx') =>
  `/api/business-plans/${encodeURIComponent(id)}/${format}`;
