import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { domainOrderDetailSchema, type DomainOrder } from '#shared/domain-orders.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { domainOrdersQueryKey } from './get-domain-orders.ts';

/** GET /api/admin/domain-orders/{id}: one domain order with its history. */
export const getDomainOrder = (id: string) =>
  apiRequest('GET', `/api/admin/domain-orders/${encodeURIComponent(id)}`, domainOrderDetailSchema);

export const domainOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/domain-orders/', id],
    queryFn: () => getDomainOrder(id),
  });

export const useDomainOrder = (id: string) => useQuery(domainOrderQueryOptions(id));

/** After a retry or a refund, the order and every page of the list are read again. */
export function domainOrderChanged(queryClient: QueryClient, order: DomainOrder): void {
  void queryClient.invalidateQueries({ queryKey: domainOrdersQueryKey });
  void queryClient.invalidateQueries(domainOrderQueryOptions(order.id));
}
