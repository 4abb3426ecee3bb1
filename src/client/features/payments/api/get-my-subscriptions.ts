import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { subscriptionSchema } from '#shared/subscriptions.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/subscriptions: the caller's monthly services with their charges, newest first. */
export const getMySubscriptions = () =>
  apiRequest('GET', '/api/subscriptions', z.array(subscriptionSchema));

export const mySubscriptionsQueryOptions = queryOptions({
  queryKey: ['/api/subscriptions'],
  queryFn: getMySubscriptions,
});

/** While PayFast is asked to cancel one, the list is read again every 2 seconds. */
export const useMySubscriptions = () =>
  useQuery({
    ...mySubscriptionsQueryOptions,
    refetchInterval: (query) =>
      query.state.data?.some((s) => s.status === 'cancelling') ? 2000 : false,
  });
