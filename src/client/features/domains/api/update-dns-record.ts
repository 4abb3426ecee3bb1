import { dnsRecordSchema, type DnsRecord, type DnsRecordValues } from '#shared/dns.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { dnsRecordsChanged, dnsRecordsPath } from './get-dns-records.ts';

interface RecordChange {
  domain: string;
  id: string;
  record: DnsRecordValues;
}

/** PUT /api/user/domains/{domain}/records/{id}. */
export const updateDnsRecord = ({ domain, id, record }: RecordChange) =>
  apiRequest('PUT', `${dnsRecordsPath(domain)}/${encodeURIComponent(id)}`, dnsRecordSchema, record);

export const useUpdateDnsRecord = (mutationConfig?: MutationConfig<DnsRecord, RecordChange>) =>
  useEndpointMutation(updateDnsRecord, mutationConfig, dnsRecordsChanged);
