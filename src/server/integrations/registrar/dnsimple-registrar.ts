import {
  ClientError,
  DNSimple,
  NotFoundError,
  RequestError,
  ServerError,
  TimeoutError,
  TooManyRequestsError,
  type Fetcher,
} from 'dnsimple';
import { z } from 'zod';
import { randToCents } from '#shared/money.ts';
import type { AvailabilityResult, Registrar, Registrant, StepState } from './registrar.ts';
import { RegistrarError } from './registrar.ts';

const timeoutMs = 10_000;

/**
 * The client JSON-parses every error body, but a 5xx from DNSimple's edge can be an HTML page
 * (nginx's "502 Bad Gateway"): such a body becomes `{ message }` with the page's title, so the
 * client raises its typed error instead of a SyntaxError.
 */
function asJsonBody(status: number, text: string): string {
  if (status < 400 || status === 429) return text;
  try {
    JSON.parse(text);
    return text;
  } catch {
    const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    return JSON.stringify({ message: title || `HTTP ${status}` });
  }
}

/** The client's own transport is https-only; this one uses fetch, so a local stand-in works too. */
const fetchFetcher: Fetcher = async ({ method, url, headers, body, timeout }) => {
  try {
    const response = await fetch(url, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(timeout),
    });
    const text = await response.text();
    return { status: response.status, body: asJsonBody(response.status, text) };
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new TimeoutError(`DNSimple did not answer within ${timeout} ms`);
    }
    throw error;
  }
};

// Outside input is parsed, not trusted.
const checkSchema = z.object({ domain: z.string(), available: z.boolean(), premium: z.boolean() });
const pricesSchema = z.object({
  registration_price: z.union([z.number(), z.string()]),
  renewal_price: z.union([z.number(), z.string()]),
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
});
const domainSchema = z.object({
  id: z.number(),
  name: z.string(),
  state: z.string(),
  expires_at: z.string().nullable().optional(),
  expires_on: z.string().nullable().optional(),
  created_at: z.string(),
});
/** A 4xx body: `{ message, errors?: { field: [messages] } }`. */
const refusalSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).optional(),
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

/** Turns the client's errors into RegistrarError with a message a person can act on. */
function explain(error: unknown): never {
  if (error instanceof z.ZodError) {
    throw new RegistrarError('The domain registrar sent an answer we could not read.', {
      transient: true,
      status: 502,
    });
  }
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
  if (error instanceof ClientError || error instanceof NotFoundError) {
    // DNSimple's own words (and its field errors), for the admins' history and the check's 400.
    const body = refusalSchema.safeParse(error.data);
    const words = body.success
      ? [
          body.data.message,
          ...Object.entries(body.data.errors ?? {}).map(
            ([field, messages]) => `${field}: ${[messages].flat().join(', ')}`,
          ),
        ].join('; ')
      : `HTTP ${error.status}`;
    throw new RegistrarError(`DNSimple refused: ${words}`, { transient: false, status: 502 });
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
        const quoted = String(prices.registration_price);
        return {
          available: check.available,
          premium: true,
          premiumPrice: {
            cents: randToCents(Number(quoted)),
            currency: 'USD',
            quoted,
            renewalQuoted: String(prices.renewal_price),
          },
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
          .filter((d) => d.state === 'registered')
          .map((d) => d.name);
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
    async transfer(input) {
      try {
        const contactId = await createContact(input.registrant);
        const { data } = await client.registrar.transferDomain(account, input.domain, {
          registrant_id: contactId,
          auth_code: input.authCode,
          whois_privacy: input.privacy,
          auto_renew: input.autoRenew,
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
        return stepState(transferSchema.parse(data).state, 'transferred');
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
