import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { domainOrderPageSchema, type DomainOrderStatus } from '#shared/domain-orders.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/admin/domain-orders: one page of domain orders, filtered by status. */
export const getDomainOrders = (page: number, status: DomainOrderStatus | '') =>
  apiRequest('GET', withQuery('/api/admin/domain-orders', { page, status }), domainOrderPageSchema);

/** Every page and filter of the list. */
export const domainOrdersQueryKey = ['/api/admin/domain-orders'] as const;

export const domainOrdersQueryOptions = (page: number, status: DomainOrderStatus | '') =>
  queryOptions({
    queryKey: [...domainOrdersQueryKey, page, status],
    queryFn: () => getDomainOrders(page, status),
    placeholderData: keepPreviousData,
  });

export const useDomainOrders = (page: number, status: DomainOrderStatus | '') =>
  useQuery(domainOrdersQueryOptions(page, status));
