import {
  recoveryCodesSchema,
  type RecoveryCodes,
  type TwoFactorCodeInput,
} from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminAuthStatusQueryOptions } from '../../../lib/current-admin.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { twoFactorStatusQueryOptions } from './get-two-factor-status.ts';

/** POST /api/admin/two-factor/confirm: the app's code turns the second factor on. */
export const confirmTwoFactor = (input: TwoFactorCodeInput) =>
  apiRequest('POST', '/api/admin/two-factor/confirm', recoveryCodesSchema, input);

export const useConfirmTwoFactor = (
  mutationConfig?: MutationConfig<RecoveryCodes, TwoFactorCodeInput>,
) =>
  useEndpointMutation(confirmTwoFactor, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions.queryKey });
    void queryClient.invalidateQueries({ queryKey: adminAuthStatusQueryOptions.queryKey });
  });
