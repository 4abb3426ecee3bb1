import {
  bankTransferRecordedSchema,
  type BankTransferRecorded,
  type RecordBankTransfer,
} from '#shared/bank-transfers.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { awaitingBankTransfersQueryOptions } from './get-awaiting-bank-transfers.ts';

/**
 * POST /api/admin/bank-transfers (owners): money the bank statement shows for an order (201); a
 * bank line recorded already answers 409 with the payment it is.
 */
export const recordBankTransfer = (input: RecordBankTransfer) =>
  apiRequest('POST', '/api/admin/bank-transfers', bankTransferRecordedSchema, input);

/** The list of transfers awaited is read again: the order may be paid now. */
export const useRecordBankTransfer = (
  mutationConfig?: MutationConfig<BankTransferRecorded, RecordBankTransfer>,
) =>
  useEndpointMutation(recordBankTransfer, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: awaitingBankTransfersQueryOptions.queryKey });
  });
