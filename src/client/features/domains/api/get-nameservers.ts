import { queryOptions, useQuery } from '@tanstack/react-query';
import { nameserversSchema } from '#shared/dns.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Where a domain's name servers are read and set. */
export const nameserversPath = (domain: string) =>
  `/api/user/domains/${encodeURIComponent(domain)}/nameservers`;

/** GET /api/user/domains/{domain}/nameservers: where the domain's DNS is served, and if by us. */
export const getNameservers = (domain: string) =>
  apiRequest('GET', nameserversPath(domain), nameserversSchema);

/** Name servers change rarely: kept 10 minutes (a change here updates them at once). */
export const nameserversQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['/api/user/domains/', domain, 'nameservers'],
    queryFn: () => getNameservers(domain),
    staleTime: 10 * 60_000,
  });

export const useNameservers = (domain: string) => useQuery(nameserversQueryOptions(domain));
