import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { savedCardSchema } from '#shared/saved-cards.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/saved-cards: the cards the caller keeps for renewals, newest first. */
export const getSavedCards = () => apiRequest('GET', '/api/saved-cards', z.array(savedCardSchema));

export const savedCardsQueryOptions = queryOptions({
  queryKey: ['/api/saved-cards'],
  queryFn: getSavedCards,
});

export const useSavedCards = () => useQuery(savedCardsQueryOptions);
