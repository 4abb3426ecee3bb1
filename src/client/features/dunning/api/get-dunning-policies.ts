import { queryOptions, useQuery } from '@tanstack/react-query';
import { dunningPolicyListSchema } from '#shared/dunning.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/dunning/policies: each kind of service's policy (owners only). */
export const getDunningPolicies = () =>
  apiRequest('GET', '/api/admin/dunning/policies', dunningPolicyListSchema);

export const dunningPoliciesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/admin/dunning/policies'], queryFn: getDunningPolicies });

export const useDunningPolicies = () => useQuery(dunningPoliciesQueryOptions());
