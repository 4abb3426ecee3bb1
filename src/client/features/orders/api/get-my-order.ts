import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSchema } from '#shared/orders.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/orders/{reference}: one of the caller's orders. */
export const myOrderQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['/api/orders', reference],
    queryFn: () => apiRequest('GET', `/api/orders/${encodeURIComponent(reference)}`, orderSchema),
    // "No such order" is an answer, not a hiccup to try again.
    retry: false,
  });

export const useMyOrder = (reference: string) => useQuery(myOrderQueryOptions(reference));
