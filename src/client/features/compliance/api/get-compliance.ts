import { queryOptions, useQuery } from '@tanstack/react-query';
import { complianceCalendarSchema } from '#shared/compliance.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/compliance: the customer's companies, their dates, and the next ones due. */
export const getCompliance = () => apiRequest('GET', '/api/compliance', complianceCalendarSchema);

export const complianceQueryKey = ['/api/compliance'];

export const complianceQueryOptions = queryOptions({
  queryKey: complianceQueryKey,
  queryFn: getCompliance,
});

export const useCompliance = () => useQuery(complianceQueryOptions);
