import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminSubscriptionsQueryOptions } from './get-admin-subscriptions.ts';

const answer = z.object({ status: z.literal('cancelling') });

/** POST /api/admin/subscriptions/{reference}/cancel: PayFast is asked to stop it (audited). */
export const cancelSubscriptionForCustomer = (reference: string) =>
  apiRequest('POST', `/api/admin/subscriptions/${encodeURIComponent(reference)}/cancel`, answer);

export const useCancelSubscriptionForCustomer = (
  mutationConfig?: MutationConfig<z.infer<typeof answer>, string>,
) =>
  useEndpointMutation(cancelSubscriptionForCustomer, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: adminSubscriptionsQueryOptions.queryKey });
  });
