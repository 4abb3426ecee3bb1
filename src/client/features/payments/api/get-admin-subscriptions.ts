import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminSubscriptionSchema } from '#shared/subscriptions.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/subscriptions: every subscription, those with failed charges first. */
export const getAdminSubscriptions = () =>
  apiRequest('GET', '/api/admin/subscriptions', z.array(adminSubscriptionSchema));

export const adminSubscriptionsQueryOptions = queryOptions({
  queryKey: ['/api/admin/subscriptions'],
  queryFn: getAdminSubscriptions,
});

export const useAdminSubscriptions = () => useQuery(adminSubscriptionsQueryOptions);
