import {
  adminProjectSchema,
  type AdminProject,
  type ProjectUpdateInput,
} from '#shared/projects.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminProjectQueryOptions } from './get-admin-project.ts';
import { adminProjectsQueryKey } from './get-admin-projects.ts';

interface ProjectUpdate {
  reference: string;
  change: ProjectUpdateInput;
}

/** PATCH /api/admin/projects/{reference}: a new stage (the customer is e-mailed) or due dates. */
export const updateAdminProject = ({ reference, change }: ProjectUpdate) =>
  apiRequest(
    'PATCH',
    `/api/admin/projects/${encodeURIComponent(reference)}`,
    adminProjectSchema,
    change,
  );

export const useUpdateAdminProject = (
  mutationConfig?: MutationConfig<AdminProject, ProjectUpdate>,
) =>
  useEndpointMutation(updateAdminProject, mutationConfig, (queryClient, project) => {
    queryClient.setQueryData(adminProjectQueryOptions(project.reference).queryKey, project);
    void queryClient.invalidateQueries({ queryKey: adminProjectsQueryKey });
  });
