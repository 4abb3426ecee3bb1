import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reconciliationSchema } from '#shared/reconciliation.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/admin/reconciliation: one period's orders, payments and invoices, reconciled. */
export const getReconciliation = (from: string, to: string) =>
  apiRequest('GET', withQuery('/api/admin/reconciliation', { from, to }), reconciliationSchema);

export const reconciliationQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['/api/admin/reconciliation', from, to],
    queryFn: () => getReconciliation(from, to),
    placeholderData: keepPreviousData,
  });

export const useReconciliation = (from: string, to: string) =>
  useQuery(reconciliationQueryOptions(from, to));
