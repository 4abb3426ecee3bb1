import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { profitMonthSchema } from '#shared/admin.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/admin/profit-analytics: the months from `from` to `to` (YYYY-MM), newest first. */
export const getProfitAnalytics = (from: string, to: string) =>
  apiRequest(
    'GET',
    withQuery('/api/admin/profit-analytics', { from, to }),
    z.array(profitMonthSchema),
  );

export const profitAnalyticsQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['/api/admin/profit-analytics', from, to],
    queryFn: () => getProfitAnalytics(from, to),
    placeholderData: keepPreviousData,
  });

export const useProfitAnalytics = (from: string, to: string) =>
  useQuery(profitAnalyticsQueryOptions(from, to));

/** GET /api/admin/profit-analytics.csv: the same months as a CSV download (a link, not a query). */
export const profitCsvUrl = (from: string, to: string) =>
  withQuery('/api/admin/profit-analytics.csv', { from, to });
