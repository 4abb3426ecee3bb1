import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { profitMonthSchema } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/profit-analytics: the last 13 months, newest first. */
export const getProfitAnalytics = () =>
  apiRequest('GET', '/api/admin/profit-analytics', z.array(profitMonthSchema));

export const profitAnalyticsQueryOptions = queryOptions({
  queryKey: ['/api/admin/profit-analytics'],
  queryFn: getProfitAnalytics,
});

export const useProfitAnalytics = () => useQuery(profitAnalyticsQueryOptions);
