import { useQueryClient } from '@tanstack/react-query';
import { tldSwitchResultSchema } from '#shared/registrar.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { registrarQueryOptions } from './get-registrar.ts';

interface TldSwitch {
  tld: string;
  enabled: boolean;
}

/** PATCH /api/admin/tlds/{tld}: puts an ending on sale or takes it off. */
export const switchTld = ({ tld, enabled }: TldSwitch) =>
  apiRequest('PATCH', `/api/admin/tlds/${encodeURIComponent(tld)}`, tldSwitchResultSchema, {
    enabled,
  });

/** Saved or not, the overview is read again; the caller's `onSettled` runs once it has. */
export function useSwitchTld(mutationConfig: MutationConfig<TldSwitch, TldSwitch> = {}) {
  const queryClient = useQueryClient();
  return useEndpointMutation(switchTld, {
    ...mutationConfig,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries(registrarQueryOptions);
      return mutationConfig.onSettled?.(...args);
    },
  });
}
