import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminHelpListSchema } from '#shared/help-centre.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const adminHelpArticlesQueryKey = ['/api/admin/help/articles'] as const;

/** GET /api/admin/help/articles: every article, drafts too, and the categories. */
export const getAdminHelpArticles = () =>
  apiRequest('GET', '/api/admin/help/articles', adminHelpListSchema);

export const adminHelpArticlesQueryOptions = () =>
  queryOptions({ queryKey: adminHelpArticlesQueryKey, queryFn: getAdminHelpArticles });

export const useAdminHelpArticles = () => useQuery(adminHelpArticlesQueryOptions());
