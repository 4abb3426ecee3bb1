import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/user/domains/{domain}/nameservers: where the domain's DNS is served. */
export const getNameservers = (domain: string) =>
  apiRequest(
    'GET',
    `/api/user/domains/${encodeURIComponent(domain)}/nameservers`,
    z.array(z.string()),
  );

/** Name servers change rarely: kept 10 minutes. */
export const nameserversQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['/api/user/domains/', domain, 'nameservers'],
    queryFn: () => getNameservers(domain),
    staleTime: 10 * 60_000,
  });

export const useNameservers = (domain: string) => useQuery(nameserversQueryOptions(domain));
