import { subscriptionSchema, type Subscription } from '#shared/subscriptions.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { mySubscriptionsQueryOptions } from './get-my-subscriptions.ts';

/** POST /api/subscriptions/{reference}/cancel: PayFast is asked to stop charging it. */
export const cancelSubscription = (reference: string) =>
  apiRequest(
    'POST',
    `/api/subscriptions/${encodeURIComponent(reference)}/cancel`,
    subscriptionSchema,
  );

export const useCancelSubscription = (mutationConfig?: MutationConfig<Subscription, string>) =>
  useEndpointMutation(cancelSubscription, mutationConfig, (queryClient, cancelled) => {
    queryClient.setQueryData(mySubscriptionsQueryOptions.queryKey, (list) =>
      list?.map((s) => (s.reference === cancelled.reference ? cancelled : s)),
    );
  });
