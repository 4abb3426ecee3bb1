import { quoteAcceptedSchema, quoteSchema, type QuoteAcceptance } from '#shared/billing.schemas.ts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

type Accepted = z.infer<typeof quoteAcceptedSchema>;
type Quote = z.infer<typeof quoteSchema>;
const quoteUrl = (number: string) => `/api/quotes/${encodeURIComponent(number)}`;

/** POST /api/quotes/{number}/accept: accepted once; answers the order to pay now. */
export const useAcceptQuote = (
  config?: MutationConfig<Accepted, { number: string; acceptance: QuoteAcceptance }>,
) =>
  useEndpointMutation(
    ({ number, acceptance }: { number: string; acceptance: QuoteAcceptance }) =>
      apiRequest('POST', `${quoteUrl(number)}/accept`, quoteAcceptedSchema, acceptance),
    config,
    (queryClient, _accepted, { number }) => {
      void queryClient.invalidateQueries({ queryKey: [quoteUrl(number)] });
      void queryClient.invalidateQueries({ queryKey: ['/api/quotes'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/orders'] });
    },
  );

/** POST /api/quotes/{number}/decline. */
export const useDeclineQuote = (config?: MutationConfig<Quote, string>) =>
  useEndpointMutation(
    (number: string) => apiRequest('POST', `${quoteUrl(number)}/decline`, quoteSchema),
    config,
    (queryClient, quote, number) => {
      queryClient.setQueryData([quoteUrl(number)], quote);
      void queryClient.invalidateQueries({ queryKey: ['/api/quotes'] });
    },
  );
