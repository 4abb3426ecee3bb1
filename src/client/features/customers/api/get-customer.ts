import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerDetailSchema } from '#shared/admin-customers.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/customers/{id}: the customer page's data. */
export const getCustomer = (id: string) =>
  apiRequest('GET', `/api/admin/customers/${encodeURIComponent(id)}`, customerDetailSchema);

export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/customers', 'detail', id],
    queryFn: () => getCustomer(id),
    // "No such customer" is an answer, not a hiccup to try again.
    retry: false,
  });

export const useCustomer = (id: string) => useQuery(customerQueryOptions(id));
