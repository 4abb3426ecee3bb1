import { useQueryClient } from '@tanstack/react-query';
import { autoRenewResultSchema } from '#shared/dns.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { myDomainsQueryOptions } from './get-my-domains.ts';

interface AutoRenewChange {
  domain: string;
  autoRenew: boolean;
}

/** PATCH /api/user/domains/{domain}: whether an active domain renews by itself. */
export const setAutoRenew = ({ domain, autoRenew }: AutoRenewChange) =>
  apiRequest('PATCH', `/api/user/domains/${encodeURIComponent(domain)}`, autoRenewResultSchema, {
    autoRenew,
  });

/** The list shows the new setting at once; a refusal reads it again from the server. */
export function useSetAutoRenew(
  mutationConfig: MutationConfig<{ domain: string; autoRenew: boolean }, AutoRenewChange> = {},
) {
  const queryClient = useQueryClient();
  return useEndpointMutation(setAutoRenew, {
    ...mutationConfig,
    onMutate: async ({ domain, autoRenew }) => {
      await queryClient.cancelQueries(myDomainsQueryOptions);
      queryClient.setQueryData(myDomainsQueryOptions.queryKey, (current) =>
        current?.map((d) => (d.domain === domain ? { ...d, autoRenew } : d)),
      );
    },
    onError: (...args) => {
      void queryClient.invalidateQueries(myDomainsQueryOptions);
      return mutationConfig.onError?.(...args);
    },
  });
}
