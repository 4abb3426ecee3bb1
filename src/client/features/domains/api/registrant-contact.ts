import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  registrantChangeResultSchema,
  registrantContactViewSchema,
  type RegistrantChangeResult,
  type RegistrantContact,
} from '#shared/domain-management.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

const registrantPath = (domain: string) =>
  `/api/user/domains/${encodeURIComponent(domain)}/registrant`;

/** GET /api/user/domains/{domain}/registrant: the registrant the registry holds now. */
export const registrantQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['/api/user/domains/', domain, 'registrant'],
    queryFn: () => apiRequest('GET', registrantPath(domain), registrantContactViewSchema),
  });

export const useRegistrantContact = (domain: string) => useQuery(registrantQueryOptions(domain));

interface Variables {
  domain: string;
  contact: RegistrantContact;
}

/** PUT /api/user/domains/{domain}/registrant: done at once, or pending with the registry. */
export const changeRegistrant = ({ domain, contact }: Variables) =>
  apiRequest('PUT', registrantPath(domain), registrantChangeResultSchema, contact);

export const useChangeRegistrant = (
  mutationConfig?: MutationConfig<RegistrantChangeResult, Variables>,
) =>
  useEndpointMutation(changeRegistrant, mutationConfig, (queryClient, _answer, { domain }) => {
    void queryClient.invalidateQueries(registrantQueryOptions(domain));
  });
