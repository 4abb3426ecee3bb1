import { z } from 'zod';

/** DNS records a customer can manage: A, AAAA, CNAME, MX and TXT, each checked for its type. */
export const dnsRecordTypes = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'] as const;
export type DnsRecordType = (typeof dnsRecordTypes)[number];

const hostLabel = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const recordName = new RegExp(`^(?:${hostLabel})(?:\\.${hostLabel})*$`);
const hostname =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+\.?$/;

export const dnsRecordInputSchema = z
  .object({
    type: z.enum(dnsRecordTypes, { error: 'Choose a record type' }),
    /** "" or "@" is the domain itself; otherwise the part before it, e.g. "www". */
    name: z
      .string()
      .trim()
      .toLowerCase()
      .max(200)
      .transform((value) => (value === '@' ? '' : value))
      .refine((value) => value === '' || recordName.test(value), {
        message:
          'Use letters, digits, hyphens and dots, e.g. www or mail (@ for the domain itself)',
      }),
    content: z.string().trim().min(1, 'Enter the value').max(1024, 'At most 1024 characters'),
    ttl: z.coerce
      .number()
      .int()
      .min(60, 'At least 60 seconds')
      .max(86_400, 'At most one day')
      .default(3600),
    priority: z.coerce.number().int().min(0).max(65_535).optional(),
  })
  .superRefine((record, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    switch (record.type) {
      case 'A':
        if (!z.ipv4().safeParse(record.content).success)
          issue('content', 'Enter an IPv4 address, e.g. 196.22.132.10');
        break;
      case 'AAAA':
        if (!z.ipv6().safeParse(record.content).success)
          issue('content', 'Enter an IPv6 address, e.g. 2c0f:f4c0::1');
        break;
      case 'CNAME':
        if (record.name === '')
          issue('name', 'A CNAME cannot be on the domain itself; use a name such as www');
        if (!hostname.test(record.content.toLowerCase()))
          issue('content', 'Enter a host name, e.g. shops.example.com');
        break;
      case 'MX':
        if (!hostname.test(record.content.toLowerCase()))
          issue('content', 'Enter the mail server, e.g. mail.example.co.za');
        if (record.priority === undefined)
          issue('priority', 'An MX record needs a priority, e.g. 10');
        break;
      case 'TXT':
        break;
    }
  });
export type DnsRecordInput = z.input<typeof dnsRecordInputSchema>;
export type DnsRecordValues = z.output<typeof dnsRecordInputSchema>;

export const dnsRecordSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  content: z.string(),
  ttl: z.number(),
  priority: z.number().nullable(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

/** DELETE /api/user/domains/{domain}/records/{id}. */
export const dnsRecordDeletedSchema = z.object({ deleted: z.literal(true) });

export const autoRenewSchema = z.object({ autoRenew: z.boolean() });

/** PATCH /api/user/domains/{domain}: the setting now in force. */
export const autoRenewResultSchema = z.object({ domain: z.string(), autoRenew: z.boolean() });

const nameserverHost = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .refine((value) => hostname.test(value), {
    message: 'Enter a name server, e.g. ns1.example.net',
  });

/**
 * PUT /api/user/domains/{domain}/nameservers: back to ours (the DNS records on this page work),
 * or the customer's own (2 to 13, as registries take them; the records here then stop counting).
 */
export const nameserversInputSchema = z.discriminatedUnion(
  'use',
  [
    z.object({ use: z.literal('ours') }),
    z.object({
      use: z.literal('custom'),
      nameservers: z
        .array(nameserverHost)
        .min(2, 'Give at least two name servers')
        .max(13, 'At most 13 name servers')
        .refine((list) => new Set(list).size === list.length, 'Give each name server once'),
    }),
  ],
  { error: 'Choose our name servers or your own' },
);
export type NameserversInput = z.input<typeof nameserversInputSchema>;

/**
 * Where a domain's DNS is served, whether that is by us (so its records here apply), and whether
 * this site hosts websites (HOSTING_IPV4 set), so the website template can point the name there.
 */
export const nameserversSchema = z.object({
  nameservers: z.array(z.string()),
  ours: z.boolean(),
  websiteHosting: z.boolean(),
});
export type Nameservers = z.infer<typeof nameserversSchema>;

/** Ready-made record sets: the website we host, and the mail services customers use most. */
export const dnsTemplateIds = ['our-hosting', 'google-workspace', 'microsoft-365'] as const;
export type DnsTemplateId = (typeof dnsTemplateIds)[number];
export const mailTemplateIds = ['google-workspace', 'microsoft-365'] as const;

type ExistingRecord = { type: string; name: string; content: string };
const isApexMailRecord = (record: ExistingRecord) =>
  record.name === '' &&
  (record.type === 'MX' || (record.type === 'TXT' && /^"?v=spf1\b/i.test(record.content)));

/**
 * The records each template sets, and which of a domain's records it replaces. Our hosting: the
 * name and `www` at HOSTING_IPV4 (A at the apex, `www` a CNAME to it), replacing the apex's other
 * address records and whatever `www` was. Mail: the providers' own published values (Google
 * Workspace's single MX `smtp.google.com`, priority 1, and its SPF include; Microsoft 365's MX on
 * `<domain-with-dashes>.mail.protection.outlook.com`, priority 0, its SPF include and the
 * autodiscover CNAME), replacing the domain's other MX records and SPF record.
 */
export const dnsTemplates: Record<
  DnsTemplateId,
  {
    label: string;
    records: (domain: string, hostingIpv4: string) => DnsRecordValues[];
    replaces: (record: ExistingRecord) => boolean;
  }
> = {
  'our-hosting': {
    label: 'Our website hosting',
    records: (domain, hostingIpv4) => [
      { type: 'A', name: '', content: hostingIpv4, ttl: 3600 },
      { type: 'CNAME', name: 'www', content: domain, ttl: 3600 },
    ],
    replaces: (record) =>
      (record.name === '' && ['A', 'AAAA', 'ALIAS'].includes(record.type)) || record.name === 'www',
  },
  'google-workspace': {
    label: 'Google Workspace mail',
    records: () => [
      { type: 'MX', name: '', content: 'smtp.google.com', ttl: 3600, priority: 1 },
      { type: 'TXT', name: '', content: 'v=spf1 include:_spf.google.com ~all', ttl: 3600 },
    ],
    replaces: isApexMailRecord,
  },
  'microsoft-365': {
    label: 'Microsoft 365 mail',
    records: (domain) => [
      {
        type: 'MX',
        name: '',
        content: `${domain.replace(/\./g, '-')}.mail.protection.outlook.com`,
        ttl: 3600,
        priority: 0,
      },
      {
        type: 'TXT',
        name: '',
        content: 'v=spf1 include:spf.protection.outlook.com -all',
        ttl: 3600,
      },
      { type: 'CNAME', name: 'autodiscover', content: 'autodiscover.outlook.com', ttl: 3600 },
    ],
    replaces: isApexMailRecord,
  },
};
export const dnsTemplateParams = z.object({
  domain: z.string().max(253),
  template: z.enum(dnsTemplateIds, {
    error: 'Choose our website hosting, Google Workspace or Microsoft 365',
  }),
});
