import {
  subscriptionSchema,
  type ChangePackageInput,
  type PauseSubscriptionInput,
  type Subscription,
} from '#shared/subscriptions.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { mySubscriptionsQueryOptions } from './get-my-subscriptions.ts';

type Change =
  | { reference: string; action: 'pause'; body: PauseSubscriptionInput }
  | { reference: string; action: 'resume' }
  | { reference: string; action: 'package'; body: ChangePackageInput };

/**
 * POST /api/subscriptions/{reference}/pause | resume | package: PayFast is asked first, and the
 * subscription as it is now comes back.
 */
export const changeSubscription = (change: Change) =>
  apiRequest(
    'POST',
    `/api/subscriptions/${encodeURIComponent(change.reference)}/${change.action}`,
    subscriptionSchema,
    'body' in change ? change.body : undefined,
  );

export const useChangeSubscription = (mutationConfig?: MutationConfig<Subscription, Change>) =>
  useEndpointMutation(changeSubscription, mutationConfig, (queryClient, changed) => {
    queryClient.setQueryData(mySubscriptionsQueryOptions.queryKey, (list) =>
      list?.map((s) => (s.reference === changed.reference ? changed : s)),
    );
  });
