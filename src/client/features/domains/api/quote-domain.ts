import {
  domainQuoteResultSchema,
  type DomainQuote,
  type DomainQuoteInput,
} from '#shared/domain.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/** POST /api/domain/quote: the server's price for some years of an available domain. */
export const quoteDomain = (input: DomainQuoteInput) =>
  apiRequest('POST', '/api/domain/quote', domainQuoteResultSchema, input);

export const useQuoteDomain = (mutationConfig?: MutationConfig<DomainQuote, DomainQuoteInput>) =>
  useEndpointMutation(quoteDomain, mutationConfig);
