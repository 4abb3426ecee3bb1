import { queryOptions, useQuery } from '@tanstack/react-query';
import { helpApi } from '#shared/help-centre.schemas.ts';
import { apiRequest, schemaFrom } from '../../../lib/api-client.ts';

// A public page: zod and the schema load after the page (decision 017).
const helpSchemas = () => import('#shared/help-centre.schemas.ts');

/** GET /api/help: the categories with their published articles. */
export const getHelpIndex = () =>
  apiRequest('GET', helpApi.index, schemaFrom(helpSchemas, 'helpIndexSchema'));

/** Its key is the one the server renders /help with (help-pages.ts). */
export const helpIndexQueryOptions = () =>
  queryOptions({ queryKey: [helpApi.index], queryFn: getHelpIndex });

export const useHelpIndex = () => useQuery(helpIndexQueryOptions());
