import { DNSimple, NotFoundError } from 'dnsimple';
import { z } from 'zod';
import { randToCents } from '#shared/money.ts';
import { dnsimpleManagement } from './dnsimple-management.ts';
import { dnsimpleTimeouts, explain, fetchFetcher } from './dnsimple-transport.ts';
import type {
  AvailabilityResult,
  PremiumPrice,
  Registrar,
  Registrant,
  StepState,
} from './registrar.ts';
import { RegistrarError } from './registrar.ts';

// Outside input is parsed, not trusted.
const checkSchema = z.object({ domain: z.string(), available: z.boolean(), premium: z.boolean() });
const pricesSchema = z.object({
  premium: z.boolean().optional(),
  registration_price: z.union([z.number(), z.string()]),
  renewal_price: z.union([z.number(), z.string()]),
  transfer_price: z.union([z.number(), z.string()]).optional(),
});
const registrationSchema = z.object({
  id: z.number(),
  state: z.enum(['new', 'registering', 'registered', 'failed', 'cancelled']),
  period: z.number().int().positive(),
});
const renewalSchema = z.object({
  id: z.number(),
  state: z.enum(['new', 'renewing', 'renewed', 'failed', 'cancelled']),
});
const transferSchema = z.object({
  id: z.number(),
  state: z.enum(['new', 'transferring', 'transferred', 'failed', 'cancelled']),
  status_description: z.string().nullable().optional(),
});
const domainSchema = z.object({
  id: z.number(),
  name: z.string(),
  // DNSimple publishes `hosted`, `registered` and `expired`.
  state: z.string(),
  registrant_id: z.number().nullable().optional(),
  expires_at: z.string().nullable().optional(),
  expires_on: z.string().nullable().optional(),
  created_at: z.string(),
});
/** A registration is done once `registered`, a renewal once `renewed`, a transfer `transferred`. */
const stepState = (state: string, done: string): StepState =>
  state === done ? 'done' : state === 'failed' || state === 'cancelled' ? 'failed' : 'pending';
const zoneRecordSchema = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  content: z.string(),
  ttl: z.number(),
  priority: z.number().nullable().optional(),
});
const toRecord = (data: unknown) => {
  const record = zoneRecordSchema.parse(data);
  return { ...record, id: String(record.id), priority: record.priority ?? null };
};

export function createDnsimpleRegistrar(options: {
  token: string;
  accountId: number;
  baseUrl: string;
  /** Tests scale them down; DNSimple itself gets `dnsimpleTimeouts`. */
  timeouts?: typeof dnsimpleTimeouts;
}): Registrar {
  const timeouts = options.timeouts ?? dnsimpleTimeouts;
  const client = new DNSimple({
    accessToken: options.token,
    baseUrl: options.baseUrl,
    timeout: timeouts.step,
    fetcher: fetchFetcher(timeouts),
    userAgent: 'sebenza-digital',
  });
  const account = options.accountId;

  async function createContact(registrant: Registrant): Promise<number> {
    const { data } = await client.contacts.createContact(account, {
      first_name: registrant.firstName,
      last_name: registrant.lastName,
      organization_name: registrant.organisation ?? '',
      email: registrant.email,
      phone: registrant.phone,
      address1: registrant.address1,
      city: registrant.city,
      state_province: registrant.stateProvince,
      postal_code: registrant.postalCode,
      country: registrant.country,
    });
    return z.object({ id: z.number() }).parse(data).id;
  }

  /** getDomainPrices: the name's prices, as DNSimple quoted them, when it is premium. */
  async function premiumPrices(domain: string): Promise<PremiumPrice | null> {
    const prices = pricesSchema.parse(
      (await client.registrar.getDomainPrices(account, domain)).data,
    );
    if (prices.premium === false) return null;
    const quoted = String(prices.registration_price);
    return {
      cents: randToCents(Number(quoted)),
      currency: 'USD',
      quoted,
      renewalQuoted: String(prices.renewal_price),
      transferQuoted: String(prices.transfer_price ?? prices.registration_price),
    };
  }

  return {
    provider: 'dnsimple',
    ...dnsimpleManagement(client, account, createContact),
    async checkAvailability(domain: string): Promise<AvailabilityResult> {
      try {
        const check = checkSchema.parse((await client.registrar.checkDomain(account, domain)).data);
        if (!check.premium) return { available: check.available, premium: false };
        const premiumPrice = await premiumPrices(domain);
        return premiumPrice
          ? { available: check.available, premium: true, premiumPrice }
          : { available: check.available, premium: true };
      } catch (error) {
        return explain(error);
      }
    },
    async premiumPrices(domain) {
      try {
        return await premiumPrices(domain);
      } catch (error) {
        return explain(error);
      }
    },
    async endingPrices(tld) {
      // DNSimple prices names, not endings: an ordinary name of the ending stands for them all.
      const probe = `sebenza-price-probe.${tld}`;
      try {
        const prices = pricesSchema.parse(
          (await client.registrar.getDomainPrices(account, probe)).data,
        );
        if (prices.premium) {
          throw new RegistrarError(`DNSimple prices ${probe} as premium, not as the ending`, {
            transient: false,
            status: 502,
          });
        }
        const cents = (price: number | string | undefined) => randToCents(Number(price));
        return {
          registrationCents: cents(prices.registration_price),
          renewalCents: cents(prices.renewal_price),
          transferCents: cents(prices.transfer_price ?? prices.registration_price),
          currency: 'USD',
        };
      } catch (error) {
        return explain(error);
      }
    },
    async listRecords(domain) {
      try {
        const data = await client.zones.listZoneRecords.collectAll(account, domain, {
          per_page: 100,
        });
        // A zone starts with DNSimple's own SOA and NS records, which customers do not edit.
        return z
          .array(z.unknown())
          .parse(data)
          .map(toRecord)
          .filter((r) => ['A', 'AAAA', 'CNAME', 'MX', 'TXT'].includes(r.type));
      } catch (error) {
        return explain(error);
      }
    },
    async createRecord(domain, record) {
      try {
        const { data } = await client.zones.createZoneRecord(account, domain, {
          ...record,
          type: record.type as 'A',
        });
        return toRecord(data);
      } catch (error) {
        return explain(error);
      }
    },
    async updateRecord(domain, id, record) {
      try {
        const { data } = await client.zones.updateZoneRecord(account, domain, Number(id), {
          name: record.name,
          content: record.content,
          ttl: record.ttl,
          priority: record.priority,
        });
        return toRecord(data);
      } catch (error) {
        if (error instanceof NotFoundError) throw new RangeError('no such record');
        return explain(error);
      }
    },
    async deleteRecord(domain, id) {
      try {
        await client.zones.deleteZoneRecord(account, domain, Number(id));
        return true;
      } catch (error) {
        if (error instanceof NotFoundError) return false;
        return explain(error);
      }
    },
    async nameservers(domain) {
      try {
        const { data } = await client.registrar.getDomainDelegation(account, domain);
        return z.array(z.string()).parse(data);
      } catch (error) {
        return explain(error);
      }
    },
    async setNameservers(domain, nameservers) {
      try {
        const { data } = await client.registrar.changeDomainDelegation(
          account,
          domain,
          nameservers,
        );
        return z.array(z.string()).parse(data);
      } catch (error) {
        return explain(error);
      }
    },
    // DNSimple's name servers, which serve the zone it hosts for each of our domains.
    defaultNameservers: [
      'ns1.dnsimple.com',
      'ns2.dnsimple-edge.net',
      'ns3.dnsimple.com',
      'ns4.dnsimple-edge.org',
    ],
    async renew(domain, years, premiumPrice) {
      try {
        const { data } = await client.registrar.renewDomain(account, domain, {
          period: years,
          ...(premiumPrice ? { premium_price: premiumPrice } : {}),
        });
        const renewal = renewalSchema.parse(data);
        return { id: String(renewal.id), state: stepState(renewal.state, 'renewed') };
      } catch (error) {
        return explain(error);
      }
    },
    async renewalState(domain, id) {
      try {
        const { data } = await client.registrar.getDomainRenewal(account, domain, Number(id));
        return stepState(renewalSchema.parse(data).state, 'renewed');
      } catch (error) {
        return explain(error);
      }
    },
    async registrationState(domain, id) {
      try {
        const { data } = await client.registrar.getDomainRegistration(account, domain, Number(id));
        return stepState(registrationSchema.parse(data).state, 'registered');
      } catch (error) {
        return explain(error);
      }
    },
    async setAutoRenew(domain, autoRenew) {
      try {
        if (autoRenew) await client.registrar.enableDomainAutoRenewal(account, domain);
        else await client.registrar.disableDomainAutoRenewal(account, domain);
      } catch (error) {
        return explain(error);
      }
    },
    async account() {
      try {
        const { data } = await client.identity.whoami();
        const who = z
          .object({ account: z.object({ id: z.number(), email: z.string() }).nullable() })
          .parse(data);
        return who.account ? { id: String(who.account.id), email: who.account.email } : null;
      } catch (error) {
        return explain(error);
      }
    },
    async listDomains() {
      try {
        const data = await client.domains.listDomains.collectAll(account, { per_page: 100 });
        // A `hosted` domain is only a DNS zone here; only registrations are held.
        return z
          .array(domainSchema)
          .parse(data)
          .flatMap((d) => {
            const expires = d.expires_at ?? d.expires_on;
            return d.state === 'registered' && expires
              ? [{ domain: d.name, expiresAt: new Date(expires) }]
              : [];
          });
      } catch (error) {
        return explain(error);
      }
    },
    async holds(domain: string) {
      try {
        const { data } = await client.domains.getDomain(account, domain);
        const held = domainSchema.parse(data);
        const expires = held.expires_at ?? held.expires_on;
        if (held.state !== 'registered' || !expires) return null;
        return {
          reference: `dnsimple:${held.id}`,
          expiresAt: new Date(expires),
          since: new Date(held.created_at),
        };
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        return explain(error);
      }
    },
    async inAccount(domain: string) {
      try {
        const { data } = await client.domains.getDomain(account, domain);
        const found = domainSchema.parse(data);
        const since = new Date(found.created_at);
        if (found.state === 'registered') return { state: 'registered' as const, since };
        // A registration under way is only a zone yet, but one with its registrant; a zone
        // without one is just DNS hosted here (listDomains/success.http has both).
        if (found.state === 'hosted' && found.registrant_id != null) {
          return { state: 'pending' as const, since };
        }
        return null;
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        return explain(error);
      }
    },
    async transfer(input) {
      try {
        const contactId = await createContact(input.registrant);
        const { data } = await client.registrar.transferDomain(account, input.domain, {
          registrant_id: contactId,
          auth_code: input.authCode,
          whois_privacy: input.privacy,
          auto_renew: input.autoRenew,
          ...(input.premiumPrice ? { premium_price: input.premiumPrice } : {}),
        });
        const transfer = transferSchema.parse(data);
        return { id: String(transfer.id), state: stepState(transfer.state, 'transferred') };
      } catch (error) {
        return explain(error);
      }
    },
    async transferState(domain, id) {
      try {
        const { data } = await client.registrar.getDomainTransfer(account, domain, Number(id));
        const transfer = transferSchema.parse(data);
        // DNSimple says why a transfer was cancelled ("Canceled by customer"): kept for people.
        return {
          state: stepState(transfer.state, 'transferred'),
          reason: transfer.status_description ?? undefined,
        };
      } catch (error) {
        return explain(error);
      }
    },
    async register(input) {
      try {
        const contactId = await createContact(input.registrant);
        // No period: a registration covers the ending's minimum period (the years it reports);
        // the rest is a renewal once it is registered.
        const { data } = await client.registrar.registerDomain(account, input.domain, {
          registrant_id: contactId,
          whois_privacy: input.privacy,
          auto_renew: input.autoRenew,
          ...(input.premiumPrice ? { premium_price: input.premiumPrice } : {}),
        });
        const registration = registrationSchema.parse(data);
        return {
          id: String(registration.id),
          state: stepState(registration.state, 'registered'),
          years: registration.period,
        };
      } catch (error) {
        return explain(error);
      }
    },
  };
}
