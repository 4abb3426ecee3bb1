import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  priceMoveOfferSchema,
  priceMoveResultSchema,
  type PriceMoveInput,
  type PriceMoveResult,
} from '#shared/subscriptions.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

const path = (id: string) => `/api/admin/catalogue/packages/${encodeURIComponent(id)}/price-move`;

/** GET …/price-move: running subscriptions billed at another price, and the earliest start. */
export const priceMoveOfferQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [path(id)],
    queryFn: () => apiRequest('GET', path(id), priceMoveOfferSchema),
  });

export const usePriceMoveOffer = (id: string, enabled: boolean) =>
  useQuery({ ...priceMoveOfferQueryOptions(id), enabled });

interface PriceMove {
  id: string;
  move: PriceMoveInput;
}

/** POST …/price-move: those subscriptions move to the package's price from a date, with notice. */
export const movePrice = ({ id, move }: PriceMove) =>
  apiRequest('POST', path(id), priceMoveResultSchema, move);

export const useMovePrice = (mutationConfig?: MutationConfig<PriceMoveResult, PriceMove>) =>
  useEndpointMutation(movePrice, mutationConfig, (queryClient, _data, { id }) => {
    void queryClient.invalidateQueries(priceMoveOfferQueryOptions(id));
  });
