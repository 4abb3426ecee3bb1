import { queryOptions, useQuery } from '@tanstack/react-query';
import { dunningCaseListSchema } from '#shared/dunning.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/past-due: every open dunning case, and the monthly revenue they put at risk. */
export const getPastDue = () => apiRequest('GET', '/api/admin/past-due', dunningCaseListSchema);

export const pastDueQueryOptions = () =>
  queryOptions({ queryKey: ['/api/admin/past-due'], queryFn: getPastDue });

export const usePastDue = () => useQuery(pastDueQueryOptions());
