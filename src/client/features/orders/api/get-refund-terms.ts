import { queryOptions, useQuery } from '@tanstack/react-query';
import { refundTermsSchema } from '#shared/payment-ledger.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { QueryConfig } from '../../../lib/react-query.ts';

/**
 * GET /api/admin/payments/{reference}/refund-terms: what PayFast allows refunding on a payment
 * now, and whether the refund goes back to the card or into the buyer's bank account.
 */
export const getRefundTerms = (payment: string) =>
  apiRequest(
    'GET',
    `/api/admin/payments/${encodeURIComponent(payment)}/refund-terms`,
    refundTermsSchema,
  );

export const refundTermsQueryOptions = (payment: string) =>
  queryOptions({
    queryKey: ['/api/admin/payments', payment, 'refund-terms'],
    queryFn: () => getRefundTerms(payment),
    // One question to PayFast per payment shown, asked again after a refund (below) or a minute.
    staleTime: 60_000,
    retry: 1,
  });

export const useRefundTerms = (
  payment: string,
  config: QueryConfig<typeof refundTermsQueryOptions> = {},
) => useQuery({ ...refundTermsQueryOptions(payment), ...config });
