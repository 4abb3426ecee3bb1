import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { tldSwitchResultSchema, tldSwitchSchema } from '#shared/registrar.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { registrarQueryOptions } from './get-registrar.ts';

type TldSwitch = { tld: string } & z.infer<typeof tldSwitchSchema>;

/** PATCH /api/admin/tlds/{tld}: puts an ending on sale or takes it off, or routes it. */
export const switchTld = ({ tld, ...change }: TldSwitch) =>
  apiRequest(
    'PATCH',
    `/api/admin/tlds/${encodeURIComponent(tld)}`,
    tldSwitchResultSchema,
    tldSwitchSchema.parse(change),
  );

/** Saved or not, the overview is read again; the caller's `onSettled` runs once it has. */
export function useSwitchTld(
  mutationConfig: MutationConfig<z.infer<typeof tldSwitchResultSchema>, TldSwitch> = {},
) {
  const queryClient = useQueryClient();
  return useEndpointMutation(switchTld, {
    ...mutationConfig,
    onSettled: async (...args) => {
      await queryClient.invalidateQueries(registrarQueryOptions);
      return mutationConfig.onSettled?.(...args);
    },
  });
}
