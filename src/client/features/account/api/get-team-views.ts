import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamViewsSchema } from '#shared/view-as.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/user/team-views: each time a team member viewed the account as the customer. */
export const getTeamViews = () => apiRequest('GET', '/api/user/team-views', teamViewsSchema);

export const teamViewsQueryOptions = queryOptions({
  queryKey: ['/api/user/team-views'],
  queryFn: getTeamViews,
});

export const useTeamViews = () => useQuery(teamViewsQueryOptions);
