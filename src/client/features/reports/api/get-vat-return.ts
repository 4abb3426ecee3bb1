import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { vatReturnSchema } from '#shared/reports.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/admin/reports/vat-return: one VAT period's output VAT and its documents. */
export const getVatReturn = (period: string) =>
  apiRequest('GET', withQuery('/api/admin/reports/vat-return', { period }), vatReturnSchema);

export const vatReturnQueryOptions = (period: string) =>
  queryOptions({
    queryKey: ['/api/admin/reports/vat-return', period],
    queryFn: () => getVatReturn(period),
    placeholderData: keepPreviousData,
  });

export const useVatReturn = (period: string) => useQuery(vatReturnQueryOptions(period));

/** GET /api/admin/reports/vat-return.csv: the same figures as a download (a link, not a query). */
export const vatReturnCsvUrl = (period: string) =>
  withQuery('/api/admin/reports/vat-return.csv', { period });
