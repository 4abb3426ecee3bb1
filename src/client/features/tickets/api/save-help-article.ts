import {
  adminHelpArticleSchema,
  helpApi,
  type AdminHelpArticle,
  type HelpArticleInput,
} from '#shared/help-centre.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminHelpArticlesQueryKey } from './get-admin-help-articles.ts';

interface SaveInput {
  /** The article changed; none for a new one. */
  id?: string | undefined;
  values: HelpArticleInput;
}

/** POST /api/admin/help/articles (a new draft) or PUT /api/admin/help/articles/{id}. */
export const saveHelpArticle = ({ id, values }: SaveInput) =>
  id
    ? apiRequest(
        'PUT',
        `/api/admin/help/articles/${encodeURIComponent(id)}`,
        adminHelpArticleSchema,
        values,
      )
    : apiRequest('POST', '/api/admin/help/articles', adminHelpArticleSchema, values);

export const useSaveHelpArticle = (config?: MutationConfig<AdminHelpArticle, SaveInput>) =>
  useEndpointMutation(saveHelpArticle, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: adminHelpArticlesQueryKey });
    void queryClient.invalidateQueries({ queryKey: [helpApi.index] });
  });
