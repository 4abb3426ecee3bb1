import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { paymentSummarySchema } from '#shared/payments.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/payments: the caller's payments, newest first. */
export const getMyPayments = () =>
  apiRequest('GET', '/api/payments', z.array(paymentSummarySchema));

export const myPaymentsQueryOptions = queryOptions({
  queryKey: ['/api/payments'],
  queryFn: getMyPayments,
});

export const useMyPayments = () => useQuery(myPaymentsQueryOptions);
