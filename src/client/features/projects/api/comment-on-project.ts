import { projectSchema, type Project, type ProjectCommentInput } from '#shared/projects.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { myProjectQueryOptions } from './get-my-project.ts';
import { myProjectsQueryKey } from './get-my-projects.ts';

interface Variables {
  reference: string;
  comment: ProjectCommentInput;
}

/** POST /api/projects/{reference}/comments: the customer's comment; the team is e-mailed. */
export const commentOnProject = ({ reference, comment }: Variables) =>
  apiRequest(
    'POST',
    `/api/projects/${encodeURIComponent(reference)}/comments`,
    projectSchema,
    comment,
  );

export const useCommentOnProject = (mutationConfig?: MutationConfig<Project, Variables>) =>
  useEndpointMutation(commentOnProject, mutationConfig, (queryClient, project) => {
    queryClient.setQueryData(myProjectQueryOptions(project.reference).queryKey, project);
    void queryClient.invalidateQueries({ queryKey: myProjectsQueryKey });
  });
