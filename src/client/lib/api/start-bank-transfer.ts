import type { BankTransfer } from '#shared/bank-transfers.schemas.ts';
import { apiRequest, schemaFrom } from '../api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../react-query.ts';

/**
 * POST /api/orders/{reference}/eft: the customer pays one of their orders by bank transfer; the
 * answer is how (the account, the reference, what is due and by when), mailed to them too. The
 * checkout (a public page) makes this call, so its schema loads with the answer.
 */
export const startBankTransfer = (orderReference: string) =>
  apiRequest(
    'POST',
    `/api/orders/${encodeURIComponent(orderReference)}/eft`,
    schemaFrom(() => import('#shared/bank-transfers.schemas.ts'), 'bankTransferSchema'),
  );

/** The same from a button (an order first paid by card); the caller keeps what it answered. */
export const useStartBankTransfer = (mutationConfig?: MutationConfig<BankTransfer, string>) =>
  useEndpointMutation(startBankTransfer, mutationConfig);
