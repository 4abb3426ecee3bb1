import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { helpApi, helpSearchMin } from '#shared/help-centre.schemas.ts';
import { apiRequest, schemaFrom, withQuery } from '../../../lib/api-client.ts';

const helpSchemas = () => import('#shared/help-centre.schemas.ts');

/** GET /api/help/search?q=: the published articles that match best, with a marked snippet. */
export const searchHelp = (q: string) =>
  apiRequest(
    'GET',
    withQuery(helpApi.search, { q }),
    schemaFrom(helpSchemas, 'helpSearchResultsSchema'),
  );

export const helpSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [helpApi.search, q],
    queryFn: () => searchHelp(q),
    staleTime: 60_000,
  });

/**
 * The search for `q` (the caller debounces it), off below `minLength` characters; the previous
 * answer stays on screen while the next one comes.
 */
export const useHelpSearch = (q: string, minLength = helpSearchMin) =>
  useQuery({
    ...helpSearchQueryOptions(q.trim()),
    enabled: q.trim().length >= minLength,
    placeholderData: keepPreviousData,
  });
