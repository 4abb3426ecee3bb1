import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, schemaFrom } from '../../../lib/api-client.ts';

/** GET /api/domain/prices: every ending we sell with its yearly prices (public pages ask for it, so
 * its schema loads with the answer). */
export const getTldPrices = () =>
  apiRequest(
    'GET',
    '/api/domain/prices',
    schemaFrom(() => import('#shared/domain.schemas.ts'), 'tldPriceListSchema'),
  );

/** Kept 5 minutes, as long as the server lets browsers cache it. */
export const tldPricesQueryOptions = queryOptions({
  queryKey: ['/api/domain/prices'],
  queryFn: getTldPrices,
  staleTime: 5 * 60_000,
});

export const useTldPrices = () => useQuery(tldPricesQueryOptions);
