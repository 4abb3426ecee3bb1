import { queryOptions, useQuery } from '@tanstack/react-query';
import { helpApi } from '#shared/help-centre.schemas.ts';
import { ApiRequestError, apiRequest, schemaFrom } from '../../../lib/api-client.ts';

const helpSchemas = () => import('#shared/help-centre.schemas.ts');

/** GET /api/help/articles/{slug}: the published article, or null when there is none (404). */
export async function getHelpArticle(slug: string) {
  try {
    return await apiRequest(
      'GET',
      helpApi.article(slug),
      schemaFrom(helpSchemas, 'helpArticleSchema'),
    );
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/** Its key is the one the server renders /help/{slug} with (help-pages.ts), null included. */
export const helpArticleQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [helpApi.article(slug)], queryFn: () => getHelpArticle(slug) });

export const useHelpArticle = (slug: string) => useQuery(helpArticleQueryOptions(slug));
