import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDashboardSchema } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/dashboard: today's figures and the newest sign-ups. */
export const getDashboard = () => apiRequest('GET', '/api/admin/dashboard', adminDashboardSchema);

export const dashboardQueryOptions = queryOptions({
  queryKey: ['/api/admin/dashboard'],
  queryFn: getDashboard,
});

export const useDashboard = () => useQuery(dashboardQueryOptions);
