import { projectSchema, type Project } from '#shared/projects.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { myProjectQueryOptions } from './get-my-project.ts';
import { myProjectsQueryKey } from './get-my-projects.ts';

/** POST /api/projects/{reference}/approval: the customer approves the site at review. */
export const approveProject = (reference: string) =>
  apiRequest('POST', `/api/projects/${encodeURIComponent(reference)}/approval`, projectSchema);

export const useApproveProject = (mutationConfig?: MutationConfig<Project, string>) =>
  useEndpointMutation(approveProject, mutationConfig, (queryClient, project) => {
    queryClient.setQueryData(myProjectQueryOptions(project.reference).queryKey, project);
    void queryClient.invalidateQueries({ queryKey: myProjectsQueryKey });
  });
