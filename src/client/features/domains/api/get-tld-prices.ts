import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tldPriceSchema } from '#shared/domain.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/domain/prices: every ending we sell with its yearly prices. */
export const getTldPrices = () => apiRequest('GET', '/api/domain/prices', z.array(tldPriceSchema));

/** Kept 5 minutes, as long as the server lets browsers cache it. */
export const tldPricesQueryOptions = queryOptions({
  queryKey: ['/api/domain/prices'],
  queryFn: getTldPrices,
  staleTime: 5 * 60_000,
});

export const useTldPrices = () => useQuery(tldPricesQueryOptions);
