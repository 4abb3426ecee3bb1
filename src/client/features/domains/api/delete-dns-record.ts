import { dnsRecordDeletedSchema } from '#shared/dns.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { dnsRecordsChanged, dnsRecordsPath } from './get-dns-records.ts';

interface RecordToDelete {
  domain: string;
  id: string;
}

/** DELETE /api/user/domains/{domain}/records/{id}. */
export const deleteDnsRecord = ({ domain, id }: RecordToDelete) =>
  apiRequest(
    'DELETE',
    `${dnsRecordsPath(domain)}/${encodeURIComponent(id)}`,
    dnsRecordDeletedSchema,
  );

export const useDeleteDnsRecord = (
  mutationConfig?: MutationConfig<{ deleted: true }, RecordToDelete>,
) => useEndpointMutation(deleteDnsRecord, mutationConfig, dnsRecordsChanged);
