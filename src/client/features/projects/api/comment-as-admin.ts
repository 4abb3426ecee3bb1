import {
  adminProjectSchema,
  type AdminProject,
  type ProjectCommentInput,
} from '#shared/projects.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminProjectQueryOptions } from './get-admin-project.ts';

interface Variables {
  reference: string;
  comment: ProjectCommentInput;
}

/** POST /api/admin/projects/{reference}/comments: the team's comment, e-mailed to the customer. */
export const commentAsAdmin = ({ reference, comment }: Variables) =>
  apiRequest(
    'POST',
    `/api/admin/projects/${encodeURIComponent(reference)}/comments`,
    adminProjectSchema,
    comment,
  );

export const useCommentAsAdmin = (mutationConfig?: MutationConfig<AdminProject, Variables>) =>
  useEndpointMutation(commentAsAdmin, mutationConfig, (queryClient, project) => {
    queryClient.setQueryData(adminProjectQueryOptions(project.reference).queryKey, project);
  });
