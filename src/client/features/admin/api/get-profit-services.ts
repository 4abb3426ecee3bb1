import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { profitServiceFiguresSchema } from '#shared/profit.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/admin/profit-analytics/services: figures by kind of service, largest sales first. */
export const getProfitServices = (from: string, to: string) =>
  apiRequest(
    'GET',
    withQuery('/api/admin/profit-analytics/services', { from, to }),
    z.array(profitServiceFiguresSchema),
  );

export const profitServicesQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['/api/admin/profit-analytics/services', from, to],
    queryFn: () => getProfitServices(from, to),
    placeholderData: keepPreviousData,
  });

export const useProfitServices = (from: string, to: string) =>
  useQuery(profitServicesQueryOptions(from, to));
