import { queryOptions, useQuery } from '@tanstack/react-query';
import { helpPreviewSchema } from '#shared/help-centre.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/help/preview: the Markdown through the sanitiser a save uses. */
export const previewHelpArticle = (markdown: string) =>
  apiRequest('POST', '/api/admin/help/preview', helpPreviewSchema, { markdown });

export const helpPreviewQueryOptions = (markdown: string) =>
  queryOptions({
    queryKey: ['/api/admin/help/preview', markdown],
    queryFn: () => previewHelpArticle(markdown),
    staleTime: Infinity,
  });

/** The preview of `markdown`, fetched while `enabled` (the preview tab is open). */
export const useHelpPreview = (markdown: string, enabled: boolean) =>
  useQuery({ ...helpPreviewQueryOptions(markdown), enabled: enabled && markdown.trim() !== '' });
