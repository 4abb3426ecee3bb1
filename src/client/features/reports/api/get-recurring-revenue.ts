import { queryOptions, useQuery } from '@tanstack/react-query';
import { recurringRevenueSchema } from '#shared/reports.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/reports/recurring-revenue: MRR and churn for the last 12 months. */
export const getRecurringRevenue = () =>
  apiRequest('GET', '/api/admin/reports/recurring-revenue', recurringRevenueSchema);

export const recurringRevenueQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/reports/recurring-revenue'],
    queryFn: getRecurringRevenue,
  });

export const useRecurringRevenue = () => useQuery(recurringRevenueQueryOptions());

/** The same figures as a download. */
export const recurringRevenueCsvUrl = '/api/admin/reports/recurring-revenue.csv';
