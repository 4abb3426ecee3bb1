import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { awaitingBankTransferSchema } from '#shared/bank-transfers.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/bank-transfers (owners): the orders waiting for a bank transfer, oldest first. */
export const getAwaitingBankTransfers = () =>
  apiRequest('GET', '/api/admin/bank-transfers', z.array(awaitingBankTransferSchema));

export const awaitingBankTransfersQueryOptions = queryOptions({
  queryKey: ['/api/admin/bank-transfers'],
  queryFn: getAwaitingBankTransfers,
});

export const useAwaitingBankTransfers = () => useQuery(awaitingBankTransfersQueryOptions);
