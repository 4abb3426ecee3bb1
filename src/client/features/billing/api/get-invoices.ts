import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { invoiceListSchema, quoteListItemSchema } from '#shared/billing.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

export interface InvoiceSearch {
  status: string;
  page: number;
}

/** GET /api/admin/invoices: one page of documents, with every status's count and sum. */
export const invoicesQueryOptions = (search: InvoiceSearch) =>
  queryOptions({
    queryKey: ['/api/admin/invoices', search],
    queryFn: () =>
      apiRequest('GET', withQuery('/api/admin/invoices', { ...search }), invoiceListSchema),
    placeholderData: keepPreviousData,
  });

export const useInvoices = (search: InvoiceSearch) => useQuery(invoicesQueryOptions(search));

/** GET /api/admin/quotes: every quote, newest first. */
export const adminQuotesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/quotes'],
    queryFn: () => apiRequest('GET', '/api/admin/quotes', z.array(quoteListItemSchema)),
  });

export const useAdminQuotes = () => useQuery(adminQuotesQueryOptions());
