import { queryOptions } from '@tanstack/react-query';
import type { Order } from '#shared/orders.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const myOrdersQueryOptions = queryOptions({
  queryKey: ['/api/orders'],
  queryFn: () => apiRequest<Order[]>('GET', '/api/orders'),
});
