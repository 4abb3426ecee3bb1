import {
  bankStatementResultSchema,
  type BankStatementResult,
} from '#shared/bank-transfers.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { awaitingBankTransfersQueryOptions } from './get-awaiting-bank-transfers.ts';

/**
 * POST /api/admin/bank-statements (owners): a bank statement's CSV text; each money-in line that
 * names one order is recorded for it (once, however often the statement is imported).
 */
export const importBankStatement = (csv: string) =>
  apiRequest('POST', '/api/admin/bank-statements', bankStatementResultSchema, { csv });

export const useImportBankStatement = (
  mutationConfig?: MutationConfig<BankStatementResult, string>,
) =>
  useEndpointMutation(importBankStatement, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: awaitingBankTransfersQueryOptions.queryKey });
  });
