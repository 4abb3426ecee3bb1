import { dnsTemplates, type DnsRecord, type DnsTemplateId } from '#shared/dns.schemas.ts';
import type { Registrar } from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';

/**
 * Sets a template's records on a domain: the records it replaces go (two providers' MX records
 * would split the mail between them; two SPF records void both; two addresses for a name split
 * its visitors), as does a record in the way of one of its CNAMEs, and a record already there as
 * the template has it is kept, so applying a template twice changes nothing. Answers the
 * domain's records afterwards.
 */
export async function applyDnsTemplate(
  registrar: Registrar,
  domain: string,
  template: DnsTemplateId,
  hostingIpv4: string | undefined,
): Promise<DnsRecord[]> {
  if (template === 'our-hosting' && !hostingIpv4) {
    throw new AppError('CONFLICT', { message: 'Website hosting is not offered on this site yet' });
  }
  const { records, replaces } = dnsTemplates[template];
  const wanted = records(domain, hostingIpv4 ?? '');
  const existing = await registrar.listRecords(domain);
  const same = (a: { type: string; name: string; content: string }, b: typeof a) =>
    a.type === b.type && a.name === b.name && a.content.replace(/^"|"$/g, '') === b.content;
  for (const record of existing) {
    const clashes = wanted.some(
      (want) => want.type === 'CNAME' && want.name === record.name && !same(record, want),
    );
    if ((replaces(record) || clashes) && !wanted.some((want) => same(record, want))) {
      await registrar.deleteRecord(domain, record.id);
    }
  }
  for (const want of wanted) {
    if (existing.some((record) => same(record, want))) continue;
    await registrar.createRecord(domain, want);
  }
  return registrar.listRecords(domain);
}
