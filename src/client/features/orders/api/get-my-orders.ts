import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSchema } from '#shared/orders.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/orders: the caller's orders, newest first. */
export const getMyOrders = () => apiRequest('GET', '/api/orders', z.array(orderSchema));

export const myOrdersQueryOptions = queryOptions({
  queryKey: ['/api/orders'],
  queryFn: getMyOrders,
});

export const useMyOrders = () => useQuery(myOrdersQueryOptions);
