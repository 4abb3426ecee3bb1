import { twoFactorSetupSchema, type TwoFactorSetup } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/** POST /api/admin/two-factor/setup: a new secret, as a QR code and as text. */
export const startTwoFactorSetup = () =>
  apiRequest('POST', '/api/admin/two-factor/setup', twoFactorSetupSchema);

export const useStartTwoFactorSetup = (mutationConfig?: MutationConfig<TwoFactorSetup, void>) =>
  useEndpointMutation(startTwoFactorSetup, mutationConfig);
