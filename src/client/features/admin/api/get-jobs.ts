import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { jobPageSchema, type JobStatus } from '#shared/jobs.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/admin/jobs: one page of background jobs in a status, latest change first. */
export const getJobs = (page: number, status: JobStatus) =>
  apiRequest('GET', withQuery('/api/admin/jobs', { page, status }), jobPageSchema);

/** Every page and status of the list. */
export const jobsQueryKey = ['/api/admin/jobs'] as const;

export const jobsQueryOptions = (page: number, status: JobStatus) =>
  queryOptions({
    queryKey: [...jobsQueryKey, page, status],
    queryFn: () => getJobs(page, status),
    placeholderData: keepPreviousData,
  });

export const useJobs = (page: number, status: JobStatus) =>
  useQuery(jobsQueryOptions(page, status));
