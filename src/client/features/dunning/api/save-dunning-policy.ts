import {
  dunningPolicySchema,
  type DunningKind,
  type DunningPolicy,
  type DunningPolicyInput,
} from '#shared/dunning.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { dunningPoliciesQueryOptions } from './get-dunning-policies.ts';

interface SaveInput {
  kind: DunningKind;
  values: DunningPolicyInput;
}

/** PUT /api/admin/dunning/policies/{kind} (owners only, audited). */
export const saveDunningPolicy = ({ kind, values }: SaveInput) =>
  apiRequest('PUT', `/api/admin/dunning/policies/${kind}`, dunningPolicySchema, values);

export const useSaveDunningPolicy = (config?: MutationConfig<DunningPolicy, SaveInput>) =>
  useEndpointMutation(saveDunningPolicy, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: dunningPoliciesQueryOptions().queryKey });
  });
