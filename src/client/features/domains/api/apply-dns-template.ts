import { z } from 'zod';
import { dnsRecordSchema, type DnsRecord, type DnsTemplateId } from '#shared/dns.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { dnsRecordsQueryOptions } from './get-dns-records.ts';

interface Variables {
  domain: string;
  template: DnsTemplateId;
}

/** POST /api/user/domains/{domain}/dns-templates/{template}: a mail provider's records set. */
export const applyDnsTemplate = ({ domain, template }: Variables) =>
  apiRequest(
    'POST',
    `/api/user/domains/${encodeURIComponent(domain)}/dns-templates/${template}`,
    z.array(dnsRecordSchema),
  );

export const useApplyDnsTemplate = (mutationConfig?: MutationConfig<DnsRecord[], Variables>) =>
  useEndpointMutation(applyDnsTemplate, mutationConfig, (queryClient, records, { domain }) => {
    queryClient.setQueryData(dnsRecordsQueryOptions(domain).queryKey, records);
  });
