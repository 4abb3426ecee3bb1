import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { domainOrderSchema } from '#shared/domain-orders.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/user/domains: the caller's domains and where each one stands. */
export const getMyDomains = () =>
  apiRequest('GET', '/api/user/domains', z.array(domainOrderSchema));

export const myDomainsQueryOptions = queryOptions({
  queryKey: ['/api/user/domains'],
  queryFn: getMyDomains,
});

export const useMyDomains = () => useQuery(myDomainsQueryOptions);
