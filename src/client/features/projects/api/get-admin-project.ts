import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminProjectSchema } from '#shared/projects.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/projects/{reference}: a project with the customer and every comment. */
export const getAdminProject = (reference: string) =>
  apiRequest('GET', `/api/admin/projects/${encodeURIComponent(reference)}`, adminProjectSchema);

export const adminProjectQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['/api/admin/projects/', reference],
    queryFn: () => getAdminProject(reference),
  });

export const useAdminProject = (reference: string) => useQuery(adminProjectQueryOptions(reference));

/** GET /api/admin/projects/{reference}/files/{id}: a customer's project file, as a download. */
export const adminProjectFileUrl = (reference: string, fileId: string) =>
  `/api/admin/projects/${encodeURIComponent(reference)}/files/${encodeURIComponent(fileId)}`;
