import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { serviceRevenueSchema } from '#shared/reports.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

const url = '/api/admin/reports/revenue-by-service';

/** GET /api/admin/reports/revenue-by-service: each service's revenue, months `from`–`to`. */
export const getServiceRevenue = (from: string, to: string) =>
  apiRequest('GET', withQuery(url, { from, to }), serviceRevenueSchema);

export const serviceRevenueQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [url, from, to],
    queryFn: () => getServiceRevenue(from, to),
    placeholderData: keepPreviousData,
  });

export const useServiceRevenue = (from: string, to: string) =>
  useQuery(serviceRevenueQueryOptions(from, to));

/** The same figures as a download (a link, not a query). */
export const serviceRevenueCsvUrl = (from: string, to: string) =>
  withQuery(`${url}.csv`, { from, to });
