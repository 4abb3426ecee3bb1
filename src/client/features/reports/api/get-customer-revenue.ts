import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customerRevenueSchema } from '#shared/reports.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

const url = '/api/admin/reports/revenue-by-customer';

/** GET /api/admin/reports/revenue-by-customer: each customer's revenue, months `from`–`to`. */
export const getCustomerRevenue = (from: string, to: string) =>
  apiRequest('GET', withQuery(url, { from, to }), customerRevenueSchema);

export const customerRevenueQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [url, from, to],
    queryFn: () => getCustomerRevenue(from, to),
    placeholderData: keepPreviousData,
  });

export const useCustomerRevenue = (from: string, to: string) =>
  useQuery(customerRevenueQueryOptions(from, to));

/** The same figures as a download (a link, not a query). */
export const customerRevenueCsvUrl = (from: string, to: string) =>
  withQuery(`${url}.csv`, { from, to });
