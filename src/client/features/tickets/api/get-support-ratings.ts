import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportRatingsSchema } from '#shared/ticket-desk.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/admin/support-ratings: good, bad and unrated closed tickets of the last `days` days. */
export const getSupportRatings = (days: number) =>
  apiRequest('GET', withQuery('/api/admin/support-ratings', { days }), supportRatingsSchema);

export const supportRatingsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ['/api/admin/support-ratings', days],
    queryFn: () => getSupportRatings(days),
  });

export const useSupportRatings = (days: number) => useQuery(supportRatingsQueryOptions(days));
