import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { domainMarginMonthSchema } from '#shared/domain-orders.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/domain-margins: what domain sales earned per month after registrar and fees. */
export const getDomainMargins = () =>
  apiRequest('GET', '/api/admin/domain-margins', z.array(domainMarginMonthSchema));

export const domainMarginsQueryOptions = queryOptions({
  queryKey: ['/api/admin/domain-margins'] as const,
  queryFn: getDomainMargins,
});

export const useDomainMargins = () => useQuery(domainMarginsQueryOptions);
