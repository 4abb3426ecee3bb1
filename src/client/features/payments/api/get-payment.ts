import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, schemaFrom } from '../../../lib/api-client.ts';
import type { QueryConfig } from '../../../lib/react-query.ts';

/**
 * GET /api/payments/{reference}: one of the caller's payments, with its lines and domains. The
 * public payment result pages ask for it, so its schema loads with the answer.
 */
export const getPayment = (reference: string) =>
  apiRequest(
    'GET',
    `/api/payments/${encodeURIComponent(reference)}`,
    schemaFrom(() => import('#shared/payments.schemas.ts'), 'paymentDetailSchema'),
  );

export const paymentQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['/api/payments/', reference],
    queryFn: () => getPayment(reference),
  });

export const usePayment = (
  reference: string,
  queryConfig?: QueryConfig<typeof paymentQueryOptions>,
) => useQuery({ ...paymentQueryOptions(reference), ...queryConfig });
