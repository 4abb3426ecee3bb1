import type { QueryClient } from '@tanstack/react-query';
import {
  quoteSchema,
  raisedInvoiceSchema,
  type InvoiceInput,
  type QuoteInput,
} from '#shared/billing.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import type { z } from 'zod';

type Raised = z.infer<typeof raisedInvoiceSchema>;
type Quote = z.infer<typeof quoteSchema>;

const refreshLists = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: ['/api/admin/invoices'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/admin/quotes'] });
};

/** POST /api/admin/invoices: an invoice for custom work, mailed with its pay link. */
export const useSendInvoice = (config?: MutationConfig<Raised, InvoiceInput>) =>
  useEndpointMutation(
    (invoice: InvoiceInput) =>
      apiRequest('POST', '/api/admin/invoices', raisedInvoiceSchema, invoice),
    config,
    refreshLists,
  );

/** POST /api/admin/quotes: a quote, mailed with the link to accept it. */
export const useSendQuote = (config?: MutationConfig<Quote, QuoteInput>) =>
  useEndpointMutation(
    (quote: QuoteInput) => apiRequest('POST', '/api/admin/quotes', quoteSchema, quote),
    config,
    refreshLists,
  );

/** POST /api/admin/quotes/{number}/balance: the balance invoice, raised once. */
export const useRaiseBalance = (config?: MutationConfig<Raised, string>) =>
  useEndpointMutation(
    (number: string) =>
      apiRequest(
        'POST',
        `/api/admin/quotes/${encodeURIComponent(number)}/balance`,
        raisedInvoiceSchema,
      ),
    config,
    (queryClient, _raised, number) => {
      refreshLists(queryClient);
      void queryClient.invalidateQueries({
        queryKey: [`/api/admin/quotes/${encodeURIComponent(number)}`],
      });
      void queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).endsWith('/quote'),
      });
    },
  );

/** POST /api/admin/quotes/{number}/withdraw: a quote not accepted is withdrawn. */
export const useWithdrawQuote = (config?: MutationConfig<Quote, string>) =>
  useEndpointMutation(
    (number: string) =>
      apiRequest('POST', `/api/admin/quotes/${encodeURIComponent(number)}/withdraw`, quoteSchema),
    config,
    (queryClient, quote, number) => {
      refreshLists(queryClient);
      queryClient.setQueryData([`/api/admin/quotes/${encodeURIComponent(number)}`], quote);
    },
  );
