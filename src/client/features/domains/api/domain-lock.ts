import { queryOptions, useQuery } from '@tanstack/react-query';
import { domainLockSchema, type DomainLock } from '#shared/domain-management.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

const lockPath = (domain: string) => `/api/user/domains/${encodeURIComponent(domain)}/lock`;

/** GET /api/user/domains/{domain}/lock: whether the registrar lock is on. */
export const domainLockQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['/api/user/domains/', domain, 'lock'],
    queryFn: () => apiRequest('GET', lockPath(domain), domainLockSchema),
  });

export const useDomainLock = (domain: string) => useQuery(domainLockQueryOptions(domain));

interface Variables {
  domain: string;
  locked: boolean;
}

/** PUT /api/user/domains/{domain}/lock: turns the registrar lock on or off. */
export const setDomainLock = ({ domain, locked }: Variables) =>
  apiRequest('PUT', lockPath(domain), domainLockSchema, { locked });

export const useSetDomainLock = (mutationConfig?: MutationConfig<DomainLock, Variables>) =>
  useEndpointMutation(setDomainLock, mutationConfig, (queryClient, answer, { domain }) => {
    queryClient.setQueryData(domainLockQueryOptions(domain).queryKey, answer);
  });
