import { nameserversSchema, type Nameservers, type NameserversInput } from '#shared/dns.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { nameserversPath, nameserversQueryOptions } from './get-nameservers.ts';

interface Variables {
  domain: string;
  input: NameserversInput;
}

/** PUT /api/user/domains/{domain}/nameservers: our name servers, or the customer's own. */
export const setNameservers = ({ domain, input }: Variables) =>
  apiRequest('PUT', nameserversPath(domain), nameserversSchema, input);

export const useSetNameservers = (mutationConfig?: MutationConfig<Nameservers, Variables>) =>
  useEndpointMutation(setNameservers, mutationConfig, (queryClient, answer, { domain }) => {
    queryClient.setQueryData(nameserversQueryOptions(domain).queryKey, answer);
  });
