import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { dnsRecordSchema } from '#shared/dns.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The records of one of the caller's active domains, at /api/user/domains/{domain}/records. */
export const dnsRecordsPath = (domain: string) =>
  `/api/user/domains/${encodeURIComponent(domain)}/records`;

/** GET /api/user/domains/{domain}/records. */
export const getDnsRecords = (domain: string) =>
  apiRequest('GET', dnsRecordsPath(domain), z.array(dnsRecordSchema));

export const dnsRecordsQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['/api/user/domains/', domain, 'records'],
    queryFn: () => getDnsRecords(domain),
  });

export const useDnsRecords = (domain: string) => useQuery(dnsRecordsQueryOptions(domain));

/** After a record of `domain` was added, changed or deleted, its list is read again. */
export const dnsRecordsChanged = (
  queryClient: QueryClient,
  _answer: unknown,
  { domain }: { domain: string },
) => void queryClient.invalidateQueries(dnsRecordsQueryOptions(domain));
