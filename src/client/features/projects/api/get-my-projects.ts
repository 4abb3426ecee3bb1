import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { projectSummarySchema } from '#shared/projects.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/projects: the customer's website projects, most recently active first. */
export const getMyProjects = () =>
  apiRequest('GET', '/api/projects', z.array(projectSummarySchema));

export const myProjectsQueryKey = ['/api/projects'];

export const myProjectsQueryOptions = queryOptions({
  queryKey: myProjectsQueryKey,
  queryFn: getMyProjects,
});

export const useMyProjects = () => useQuery(myProjectsQueryOptions);
