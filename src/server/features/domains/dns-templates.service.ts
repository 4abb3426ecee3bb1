import { dnsTemplates, type DnsRecord, type DnsTemplateId } from '#shared/dns.schemas.ts';
import type { Registrar } from '../../integrations/registrar/registrar.ts';

const isSpf = (record: { type: string; content: string }) =>
  record.type === 'TXT' && /^"?v=spf1\b/i.test(record.content);

/**
 * Sets a mail provider's records on a domain: its MX and SPF replace the domain's others (two
 * providers' MX records would split the mail between them; two SPF records void both), and a
 * record already there as the template has it is kept, so applying a template twice changes
 * nothing. Answers the domain's records afterwards.
 */
export async function applyDnsTemplate(
  registrar: Registrar,
  domain: string,
  template: DnsTemplateId,
): Promise<DnsRecord[]> {
  const wanted = dnsTemplates[template].records(domain);
  const existing = await registrar.listRecords(domain);
  const same = (a: { type: string; name: string; content: string }, b: typeof a) =>
    a.type === b.type && a.name === b.name && a.content.replace(/^"|"$/g, '') === b.content;
  for (const record of existing) {
    const replaced = record.name === '' && (record.type === 'MX' || isSpf(record));
    const clashes = wanted.some(
      (want) => want.type === 'CNAME' && want.name === record.name && !same(record, want),
    );
    if ((replaced || clashes) && !wanted.some((want) => same(record, want))) {
      await registrar.deleteRecord(domain, record.id);
    }
  }
  for (const want of wanted) {
    if (existing.some((record) => same(record, want))) continue;
    await registrar.createRecord(domain, want);
  }
  return registrar.listRecords(domain);
}
