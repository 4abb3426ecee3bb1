import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankTransferSchema } from '#shared/bank-transfers.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { QueryConfig } from '../../../lib/react-query.ts';

/** GET /api/orders/{reference}/eft: how to pay the order by bank transfer, and what arrived. */
export const getBankTransfer = (orderReference: string) =>
  apiRequest('GET', `/api/orders/${encodeURIComponent(orderReference)}/eft`, bankTransferSchema);

export const bankTransferQueryOptions = (orderReference: string) =>
  queryOptions({
    queryKey: ['/api/orders', orderReference, 'eft'],
    queryFn: () => getBankTransfer(orderReference),
  });

export const useBankTransfer = (
  orderReference: string,
  config: QueryConfig<typeof bankTransferQueryOptions> = {},
) => useQuery({ ...bankTransferQueryOptions(orderReference), ...config });
