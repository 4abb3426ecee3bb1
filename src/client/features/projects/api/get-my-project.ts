import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectSchema } from '#shared/projects.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/projects/{reference}: one of the customer's projects with its comments. */
export const getMyProject = (reference: string) =>
  apiRequest('GET', `/api/projects/${encodeURIComponent(reference)}`, projectSchema);

export const myProjectQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['/api/projects/', reference],
    queryFn: () => getMyProject(reference),
  });

export const useMyProject = (reference: string) => useQuery(myProjectQueryOptions(reference));
