import type { BankTransfer } from '#shared/bank-transfers.schemas.ts';
import { bankTransferSchema } from '#shared/bank-transfers.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { bankTransferQueryOptions } from './get-bank-transfer.ts';

interface Variables {
  orderReference: string;
  file: File;
}

/** POST /api/orders/{reference}/proof-of-payment: the bank's proof of a transfer (the file as the body). */
export const uploadProofOfPayment = ({ orderReference, file }: Variables) =>
  apiRequest(
    'POST',
    withQuery(`/api/orders/${encodeURIComponent(orderReference)}/proof-of-payment`, {
      filename: file.name,
    }),
    bankTransferSchema,
    file,
  );

export const useUploadProofOfPayment = (mutationConfig?: MutationConfig<BankTransfer, Variables>) =>
  useEndpointMutation(uploadProofOfPayment, mutationConfig, (queryClient, transfer) => {
    queryClient.setQueryData(bankTransferQueryOptions(transfer.orderReference).queryKey, transfer);
  });

/**
 * GET /api/orders/{reference}/proof-of-payment/{id}: a proof the customer sent, as a download (for
 * the customer and for the owners' list of transfers awaited).
 */
export const proofOfPaymentUrl = (orderReference: string, fileId: string) =>
  `/api/orders/${encodeURIComponent(orderReference)}/proof-of-payment/${encodeURIComponent(fileId)}`;
