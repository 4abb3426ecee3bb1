import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentDebugSchema } from '#shared/payments.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/payments/debug: the caller's last payment as sent to PayFast, and its ITNs. */
export const getPaymentDebug = () => apiRequest('GET', '/api/payments/debug', paymentDebugSchema);

/** A 404 (no payment yet) is an answer, not a hiccup: no retry. */
export const paymentDebugQueryOptions = queryOptions({
  queryKey: ['/api/payments/debug'],
  queryFn: getPaymentDebug,
  retry: false,
});

export const usePaymentDebug = () => useQuery(paymentDebugQueryOptions);
