import { queryOptions, useQuery } from '@tanstack/react-query';
import { testPaymentSchema } from '#shared/payments.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/payments/test: whether the R5.00 test payment is offered, and through what. */
export const getTestPayment = () => apiRequest('GET', '/api/payments/test', testPaymentSchema);

export const testPaymentQueryOptions = queryOptions({
  queryKey: ['/api/payments/test'],
  queryFn: getTestPayment,
});

export const useTestPayment = () => useQuery(testPaymentQueryOptions);
