import { projectSchema, type Project, type ProjectContentInput } from '#shared/projects.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { myProjectQueryOptions } from './get-my-project.ts';
import { myProjectsQueryKey } from './get-my-projects.ts';

interface Variables {
  reference: string;
  content: ProjectContentInput;
}

/** PUT /api/projects/{reference}/content: the customer's content checklist (text and links). */
export const saveProjectContent = ({ reference, content }: Variables) =>
  apiRequest(
    'PUT',
    `/api/projects/${encodeURIComponent(reference)}/content`,
    projectSchema,
    content,
  );

export const useSaveProjectContent = (mutationConfig?: MutationConfig<Project, Variables>) =>
  useEndpointMutation(saveProjectContent, mutationConfig, (queryClient, project) => {
    queryClient.setQueryData(myProjectQueryOptions(project.reference).queryKey, project);
    void queryClient.invalidateQueries({ queryKey: myProjectsQueryKey });
  });
