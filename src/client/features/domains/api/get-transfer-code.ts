import {
  transferCodeResultSchema,
  type TransferCodeResult,
} from '#shared/domain-management.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/**
 * POST /api/user/domains/{domain}/transfer-code: the transfer (EPP) code, shown once, or where
 * the registrar mailed it. Never cached: each request is a fresh, audited one.
 */
export const getTransferCode = (domain: string) =>
  apiRequest(
    'POST',
    `/api/user/domains/${encodeURIComponent(domain)}/transfer-code`,
    transferCodeResultSchema,
  );

export const useGetTransferCode = (mutationConfig?: MutationConfig<TransferCodeResult, string>) =>
  useEndpointMutation(getTransferCode, mutationConfig);
