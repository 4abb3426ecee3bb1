import { z } from 'zod';
import { savedCardSchema, type SavedCard } from '#shared/saved-cards.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { savedCardsQueryOptions } from './get-saved-cards.ts';

/** DELETE /api/saved-cards/{id}: PayFast forgets the card; the answer is the cards left. */
export const removeSavedCard = (id: string) =>
  apiRequest('DELETE', `/api/saved-cards/${encodeURIComponent(id)}`, z.array(savedCardSchema));

export const useRemoveSavedCard = (mutationConfig?: MutationConfig<SavedCard[], string>) =>
  useEndpointMutation(removeSavedCard, mutationConfig, (queryClient, left) => {
    queryClient.setQueryData(savedCardsQueryOptions.queryKey, left);
  });
