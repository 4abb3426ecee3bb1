import type { DomainQuote, DomainQuoteInput } from '#shared/domain.schemas.ts';
import { apiRequest, schemaFrom } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/**
 * POST /api/domain/quote: the server's price for some years of an available domain. The answer's
 * schema (and zod with it) loads with the first quote, not with the public page.
 */
export const quoteDomain = (input: DomainQuoteInput) =>
  apiRequest(
    'POST',
    '/api/domain/quote',
    schemaFrom(() => import('#shared/domain.schemas.ts'), 'domainQuoteResultSchema'),
    input,
  );

export const useQuoteDomain = (mutationConfig?: MutationConfig<DomainQuote, DomainQuoteInput>) =>
  useEndpointMutation(quoteDomain, mutationConfig);
