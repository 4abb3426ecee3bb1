import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderPageSchema, type OrderStatus } from '#shared/orders.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/admin/orders: one page of the order book, filtered by status. */
export const getAdminOrders = (page: number, status: OrderStatus | '') =>
  apiRequest('GET', withQuery('/api/admin/orders', { page, status }), adminOrderPageSchema);

/** Every page and filter of the order book. */
export const adminOrdersQueryKey = ['/api/admin/orders'] as const;

export const adminOrdersQueryOptions = (page: number, status: OrderStatus | '') =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, page, status],
    queryFn: () => getAdminOrders(page, status),
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (page: number, status: OrderStatus | '') =>
  useQuery(adminOrdersQueryOptions(page, status));
