import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customerPageSchema } from '#shared/admin-customers.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

export interface CustomerSearchInput {
  q: string;
  filter: string;
  from: string;
  to: string;
  page: number;
}

/** GET /api/admin/customers: one page of customers matching the search, newest first. */
export const getCustomers = (search: CustomerSearchInput) =>
  apiRequest('GET', withQuery('/api/admin/customers', { ...search }), customerPageSchema);

export const customersQueryOptions = (search: CustomerSearchInput) =>
  queryOptions({
    queryKey: ['/api/admin/customers', search],
    queryFn: () => getCustomers(search),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (search: CustomerSearchInput) =>
  useQuery(customersQueryOptions(search));
