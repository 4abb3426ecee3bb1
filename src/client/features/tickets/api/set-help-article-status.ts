import {
  adminHelpArticleSchema,
  helpApi,
  type AdminHelpArticle,
  type HelpArticleStatus,
} from '#shared/help-centre.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminHelpArticlesQueryKey } from './get-admin-help-articles.ts';

interface StatusInput {
  id: string;
  status: HelpArticleStatus;
}

/** POST /api/admin/help/articles/{id}/status: publishes it, or takes it back to draft. */
export const setHelpArticleStatus = ({ id, status }: StatusInput) =>
  apiRequest(
    'POST',
    `/api/admin/help/articles/${encodeURIComponent(id)}/status`,
    adminHelpArticleSchema,
    { status },
  );

export const useSetHelpArticleStatus = (config?: MutationConfig<AdminHelpArticle, StatusInput>) =>
  useEndpointMutation(setHelpArticleStatus, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: adminHelpArticlesQueryKey });
    void queryClient.invalidateQueries({ queryKey: [helpApi.index] });
  });
