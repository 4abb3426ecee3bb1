import type { CreditApplied } from '#shared/credit.schemas.ts';
import { apiRequest, schemaFrom } from '../../../lib/api-client.ts';
import { myCreditQueryOptions } from '../../../lib/api/get-my-credit.ts';
import { myOrdersQueryOptions } from './get-my-orders.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

interface Variables {
  orderReference: string;
  /** Rand, at most what the customer has and what the order still needs. */
  amount: number;
}

/**
 * POST /api/orders/{reference}/credit: pays (part of) one of the caller's orders from their
 * account credit; `due` 0 means the order is paid. Made from the checkout (a public page), so its
 * schema loads with the answer.
 */
export const payFromCredit = ({ orderReference, amount }: Variables) =>
  apiRequest(
    'POST',
    `/api/orders/${encodeURIComponent(orderReference)}/credit`,
    schemaFrom(() => import('#shared/credit.schemas.ts'), 'creditAppliedSchema'),
    { amount },
  );

/** The customer's credit and orders are read again: less credit is left, an order is paid. */
export const usePayFromCredit = (mutationConfig?: MutationConfig<CreditApplied, Variables>) =>
  useEndpointMutation(payFromCredit, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: myCreditQueryOptions.queryKey });
    void queryClient.invalidateQueries({ queryKey: myOrdersQueryOptions.queryKey });
  });
