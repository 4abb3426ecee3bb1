import {
  DNSimple,
  NotFoundError,
  RequestError,
  ServerError,
  TimeoutError,
  TooManyRequestsError,
  type Fetcher,
} from 'dnsimple';
import { z } from 'zod';
import type { AvailabilityResult, Registrar, Registrant } from './registrar.ts';
import { RegistrarError } from './registrar.ts';

const timeoutMs = 10_000;

/** The client's own transport is https-only; this one uses fetch, so a local stand-in works too. */
const fetchFetcher: Fetcher = async ({ method, url, headers, body, timeout }) => {
  try {
    const response = await fetch(url, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(timeout),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new TimeoutError(`DNSimple did not answer within ${timeout} ms`);
    }
    throw error;
  }
};

// Outside input is parsed, not trusted.
const checkSchema = z.object({ domain: z.string(), available: z.boolean(), premium: z.boolean() });
const pricesSchema = z.object({ registration_price: z.number() });
const registrationSchema = z.object({ id: z.number(), state: z.string() });
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

/** Turns the client's errors into RegistrarError with a message a person can act on. */
function explain(error: unknown): never {
  if (error instanceof TooManyRequestsError) {
    throw new RegistrarError('The domain registrar is busy. Please try again in a minute.', {
      transient: true,
      status: 429,
    });
  }
  if (error instanceof TimeoutError) {
    throw new RegistrarError('The domain registrar did not answer in time. Please try again.', {
      transient: true,
      status: 504,
    });
  }
  if (error instanceof ServerError) {
    throw new RegistrarError('The domain registrar is having problems. Please try again shortly.', {
      transient: true,
      status: 502,
    });
  }
  if (error instanceof RequestError) {
    throw new RegistrarError(`The domain registrar refused the request (${error.status}).`, {
      transient: false,
      status: 502,
    });
  }
  throw new RegistrarError('The domain registrar could not be reached. Please try again.', {
    transient: true,
    status: 503,
  });
}

export function createDnsimpleRegistrar(options: {
  token: string;
  accountId: number;
  baseUrl: string;
}): Registrar {
  const client = new DNSimple({
    accessToken: options.token,
    baseUrl: options.baseUrl,
    timeout: timeoutMs,
    fetcher: fetchFetcher,
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

  return {
    provider: 'dnsimple',
    async checkAvailability(domain: string): Promise<AvailabilityResult> {
      try {
        const check = checkSchema.parse((await client.registrar.checkDomain(account, domain)).data);
        if (!check.premium) return { available: check.available, premium: false };
        const prices = pricesSchema.parse(
          (await client.registrar.getDomainPrices(account, domain)).data,
        );
        return {
          available: check.available,
          premium: true,
          premiumPrice: { cents: Math.round(prices.registration_price * 100), currency: 'USD' },
        };
      } catch (error) {
        if (error instanceof z.ZodError) {
          throw new RegistrarError('The domain registrar sent an answer we could not read.', {
            transient: true,
            status: 502,
          });
        }
        return explain(error);
      }
    },
    async listRecords(domain) {
      try {
        const { data } = await client.zones.listZoneRecords(account, domain, { per_page: 100 });
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
    async renew(domain, years) {
      try {
        await client.registrar.renewDomain(account, domain, { period: years });
        const held = await this.holds(domain);
        return held?.expiresAt ?? new Date();
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
        const { data } = await client.domains.listDomains(account, { per_page: 100 });
        return z
          .array(z.object({ name: z.string() }))
          .parse(data)
          .map((d) => d.name);
      } catch (error) {
        return explain(error);
      }
    },
    async holds(domain: string) {
      try {
        const { data } = await client.domains.getDomain(account, domain);
        const held = z
          .object({ id: z.number(), state: z.string(), expires_at: z.string().nullable() })
          .parse(data);
        if (held.state !== 'registered') return null;
        return {
          reference: `dnsimple:${held.id}`,
          expiresAt: held.expires_at ? new Date(held.expires_at) : new Date(),
        };
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        return explain(error);
      }
    },
    async register(input) {
      try {
        const contactId = await createContact(input.registrant);
        const { data } = await client.registrar.registerDomain(account, input.domain, {
          registrant_id: contactId,
          whois_privacy: input.privacy,
          auto_renew: input.autoRenew,
        });
        const registration = registrationSchema.parse(data);
        const expiresAt = new Date();
        expiresAt.setUTCFullYear(expiresAt.getUTCFullYear() + input.years);
        return { reference: `dnsimple:${registration.id}`, expiresAt };
      } catch (error) {
        return explain(error);
      }
    },
  };
}
