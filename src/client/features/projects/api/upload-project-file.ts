import { projectSchema, type ContentItem, type Project } from '#shared/projects.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { myProjectQueryOptions } from './get-my-project.ts';
import { myProjectsQueryKey } from './get-my-projects.ts';

interface Variables {
  reference: string;
  item: ContentItem;
  file: File;
}

/** POST /api/projects/{reference}/files: a file for one checklist item (its bytes as the body). */
export const uploadProjectFile = ({ reference, item, file }: Variables) =>
  apiRequest(
    'POST',
    withQuery(`/api/projects/${encodeURIComponent(reference)}/files`, {
      item,
      filename: file.name,
    }),
    projectSchema,
    file,
  );

export const useUploadProjectFile = (mutationConfig?: MutationConfig<Project, Variables>) =>
  useEndpointMutation(uploadProjectFile, mutationConfig, (queryClient, project) => {
    queryClient.setQueryData(myProjectQueryOptions(project.reference).queryKey, project);
    void queryClient.invalidateQueries({ queryKey: myProjectsQueryKey });
  });

/** GET /api/projects/{reference}/files/{id}: one of the customer's files, as a download. */
export const projectFileUrl = (reference: string, fileId: string) =>
  `/api/projects/${encodeURIComponent(reference)}/files/${encodeURIComponent(fileId)}`;
