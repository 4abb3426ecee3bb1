import { jobItemSchema, type JobItem } from '#shared/jobs.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { jobsQueryKey } from './get-jobs.ts';

/** POST /api/admin/jobs/{id}/retry: a failed job gets a fresh set of tries, now. */
export const retryJob = (id: number) =>
  apiRequest('POST', `/api/admin/jobs/${id}/retry`, jobItemSchema);

export const useRetryJob = (mutationConfig?: MutationConfig<JobItem, number>) =>
  useEndpointMutation(retryJob, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: jobsQueryKey });
  });
