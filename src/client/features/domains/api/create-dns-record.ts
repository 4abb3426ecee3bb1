import { dnsRecordSchema, type DnsRecord, type DnsRecordValues } from '#shared/dns.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { dnsRecordsChanged, dnsRecordsPath } from './get-dns-records.ts';

interface NewRecord {
  domain: string;
  record: DnsRecordValues;
}

/** POST /api/user/domains/{domain}/records. */
export const createDnsRecord = ({ domain, record }: NewRecord) =>
  apiRequest('POST', dnsRecordsPath(domain), dnsRecordSchema, record);

export const useCreateDnsRecord = (mutationConfig?: MutationConfig<DnsRecord, NewRecord>) =>
  useEndpointMutation(createDnsRecord, mutationConfig, dnsRecordsChanged);
