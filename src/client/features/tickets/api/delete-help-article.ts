import { helpApi, helpArticleDeletedSchema } from '#shared/help-centre.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminHelpArticlesQueryKey } from './get-admin-help-articles.ts';

/** DELETE /api/admin/help/articles/{id}. */
export const deleteHelpArticle = (id: string) =>
  apiRequest(
    'DELETE',
    `/api/admin/help/articles/${encodeURIComponent(id)}`,
    helpArticleDeletedSchema,
  );

export const useDeleteHelpArticle = (
  config?: MutationConfig<{ id: string; title: string }, string>,
) =>
  useEndpointMutation(deleteHelpArticle, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: adminHelpArticlesQueryKey });
    void queryClient.invalidateQueries({ queryKey: [helpApi.index] });
  });
