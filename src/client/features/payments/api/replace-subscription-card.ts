import { replaceCardSchema, type ReplaceCard } from '#shared/saved-cards.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/** POST /api/subscriptions/{reference}/replace-card: the address of PayFast's card-update page. */
export const replaceSubscriptionCard = (reference: string) =>
  apiRequest(
    'POST',
    `/api/subscriptions/${encodeURIComponent(reference)}/replace-card`,
    replaceCardSchema,
  );

export const useReplaceSubscriptionCard = (mutationConfig?: MutationConfig<ReplaceCard, string>) =>
  useEndpointMutation(replaceSubscriptionCard, mutationConfig);
