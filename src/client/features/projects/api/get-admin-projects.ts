import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminProjectBoardSchema } from '#shared/projects.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/projects: the board, every project not live yet and the latest live ones. */
export const getAdminProjects = () =>
  apiRequest('GET', '/api/admin/projects', adminProjectBoardSchema);

export const adminProjectsQueryKey = ['/api/admin/projects'];

export const adminProjectsQueryOptions = queryOptions({
  queryKey: adminProjectsQueryKey,
  queryFn: getAdminProjects,
});

export const useAdminProjects = () => useQuery(adminProjectsQueryOptions);
