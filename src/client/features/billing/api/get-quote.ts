import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { quoteListItemSchema, quoteSchema } from '#shared/billing.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** A quote as its customer reads it (GET /api/quotes/{number}) or the team (the admin call). */
export const quoteQueryOptions = (number: string, area: 'customer' | 'admin') => {
  const url = `/api${area === 'admin' ? '/admin' : ''}/quotes/${encodeURIComponent(number)}`;
  return queryOptions({
    queryKey: [url],
    queryFn: () => apiRequest('GET', url, quoteSchema),
    // "No such quote" is an answer, not a hiccup to try again.
    retry: false,
  });
};

export const useQuote = (number: string, area: 'customer' | 'admin') =>
  useQuery(quoteQueryOptions(number, area));

/** GET /api/quotes: the customer's quotes, newest first. */
export const myQuotesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/quotes'],
    queryFn: () => apiRequest('GET', '/api/quotes', z.array(quoteListItemSchema)),
  });

export const useMyQuotes = () => useQuery(myQuotesQueryOptions());

/** GET /api/admin/projects/{reference}/quote: the quote a website project was sold on, if any. */
export const projectQuoteQueryOptions = (projectReference: string) => {
  const url = `/api/admin/projects/${encodeURIComponent(projectReference)}/quote`;
  return queryOptions({
    queryKey: [url],
    queryFn: () => apiRequest('GET', url, z.object({ quote: quoteSchema.nullable() })),
  });
};

export const useProjectQuote = (projectReference: string) =>
  useQuery(projectQuoteQueryOptions(projectReference));
