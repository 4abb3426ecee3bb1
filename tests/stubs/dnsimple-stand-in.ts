import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dnsimpleFixture, dnsimpleFixtureData } from '../helpers/dnsimple-fixtures.ts';
import { managementAnswers } from './dnsimple-stand-in-management.ts';

/** Endings this DNSimple sells; others answer 400 as DNSimple does ("TLD .LOVE is not supported"). */
const soldEndings = new Set(['com', 'net', 'org', 'online', 'store', 'tech', 'africa']);

/** nginx's own 5xx page, which is what DNSimple's edge answers when the API behind it is down. */
const htmlErrorPage = (status: number, reason: string) =>
  `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

const reasons: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
};

interface StandInDomain {
  id: number;
  name: string;
  /** The stand-in's own bookkeeping; DNSimple shows only `registered` or `hosted` (domainJson). */
  state: 'new' | 'registering' | 'registered' | 'hosted' | 'failed' | 'transferring';
  registrantId: number | null;
  autoRenew: boolean;
  expiresAt: Date | null;
  createdAt: Date;
}

interface Operation {
  id: number;
  domain: string;
  kind: 'registration' | 'renewal';
  period: number;
  /** Polls left before it finishes; a registration answers `new`, then `registering`. */
  pollsLeft: number;
  outcome: 'done' | 'failed';
  body: Record<string, unknown>;
  createdAt: Date;
}

/** A transfer in, answered as `transferDomain/success.http` and `getDomainTransfer/success.http`. */
interface Transfer {
  id: number;
  domain: string;
  registrantId: number;
  autoRenew: boolean;
  whoisPrivacy: boolean;
  pollsLeft: number;
  outcome: 'transferred' | 'cancelled';
  createdAt: Date;
}

/** DNSimple's words on a cancelled transfer, from getDomainTransfer/success.http. */
const cancelledTransferWords = String(
  dnsimpleFixtureData('getDomainTransfer/success').status_description,
);

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A local DNSimple API v2 for tests, answering as DNSimple's API documentation and the HTTP
 * fixtures of its official clients do: a registration or renewal comes back `new` and finishes
 * only when polled (`pollsBeforeDone`, default 1), a premium name is refused without its
 * `premium_price`, a new zone holds its SOA and NS system records, lists are paginated
 * (30 a page by default, at most 100), a 4xx carries `{ message, errors? }`, a 5xx is nginx's HTML
 * page, and every answer carries the X-RateLimit-* headers. `failNext(status, times)` makes the
 * next calls answer 429 or 5xx; `failRegistrationOf(domain)` makes its registration end `failed`.
 * A transfer in (of a name registered elsewhere: `registerElsewhere`) answers `transferring` and
 * ends `transferred` (the domain registered here a year longer) or, after `cancelTransferOf`,
 * `cancelled` with a `status_description`.
 */
export async function startDnsimpleStandIn(options: { token: string; accountId: number }) {
  /** Names registered anywhere (by anyone) — the availability check's answer. */
  const registered = new Set<string>(['taken.com']);
  /** Domains in this account: registrations, and one zone that is only hosted here. */
  const domains = new Map<string, StandInDomain>();
  const operations = new Map<number, Operation>();
  const calls: string[] = [];
  const bodies: { call: string; body: Record<string, unknown> }[] = [];
  const failingRegistrations = new Set<string>();
  const cancelledTransfers = new Set<string>();
  const transfers = new Map<number, Transfer>();
  let failures: { status: number; remaining: number; resetInSeconds: number } | null = null;
  /** US$ a year of an ordinary name of an ending, where not 14.50. */
  const endingPrices = new Map<string, number>();
  /** Registrations answered only after this long (registered at once all the same). */
  const slowRegistrations = new Map<string, number>();
  let token = options.token;
  let nextId = 100;
  let remaining = 2400;
  const zones = new Map<string, Map<number, Record<string, unknown>>>();
  const autoRenew = new Map<string, boolean>();
  /** Name servers a domain was delegated to (changeDomainDelegation); DNSimple's own otherwise. */
  const delegations = new Map<string, string[]>();
  const state = { pollsBeforeDone: 1, answerDelayMs: 0 };

  /** Puts a domain in the account, with the zone DNSimple creates for it. */
  function addDomain(name: string, domainState: StandInDomain['state'], years = 1) {
    nextId += 1;
    const now = new Date();
    const expiresAt = new Date(now);
    expiresAt.setUTCFullYear(expiresAt.getUTCFullYear() + years);
    const domain: StandInDomain = {
      id: nextId,
      name,
      state: domainState,
      registrantId: domainState === 'hosted' ? null : nextId + 1000,
      autoRenew: false,
      expiresAt: domainState === 'registered' ? expiresAt : null,
      createdAt: now,
    };
    domains.set(name, domain);
    const records = new Map<number, Record<string, unknown>>();
    const system = (type: string, content: string) => {
      nextId += 1;
      records.set(nextId, {
        id: nextId,
        zone_id: name,
        parent_id: null,
        name: '',
        content,
        ttl: 3600,
        priority: null,
        type,
        regions: ['global'],
        system_record: true,
        created_at: iso(now),
        updated_at: iso(now),
      });
    };
    system(
      'SOA',
      `ns1.dnsimple.com admin.dnsimple.com ${Math.floor(now.getTime() / 1000)} 86400 7200 604800 300`,
    );
    for (const ns of [
      'ns1.dnsimple.com',
      'ns2.dnsimple-edge.net',
      'ns3.dnsimple.com',
      'ns4.dnsimple-edge.org',
    ])
      system('NS', ns);
    zones.set(name, records);
    return domain;
  }
  addDomain('hosted-only.com', 'hosted');

  /**
   * A domain as DNSimple shows it (getDomain/success.http): `registered`, or `hosted` — a zone,
   * which a registration or transfer under way already is, with its registrant.
   */
  const domainJson = (d: StandInDomain) => ({
    ...dnsimpleFixtureData('getDomain/success'),
    id: d.id,
    account_id: options.accountId,
    registrant_id: d.state === 'failed' ? null : d.registrantId,
    name: d.name,
    unicode_name: d.name,
    state: d.state === 'registered' ? 'registered' : 'hosted',
    auto_renew: d.autoRenew,
    private_whois: false,
    expires_on: d.expiresAt ? day(d.expiresAt) : null,
    expires_at: d.expiresAt ? iso(d.expiresAt) : null,
    created_at: iso(d.createdAt),
    updated_at: iso(d.createdAt),
  });

  /** DNSimple's answer for an operation, moving it on by one poll when `poll` is set. */
  function operationJson(op: Operation, poll: boolean) {
    if (poll && op.pollsLeft > 0) op.pollsLeft -= 1;
    const finished = op.pollsLeft === 0;
    const domain = domains.get(op.domain)!;
    if (
      finished &&
      op.kind === 'registration' &&
      domain.state !== 'registered' &&
      domain.state !== 'failed'
    ) {
      if (op.outcome === 'done') {
        domain.state = 'registered';
        domain.expiresAt = new Date();
        domain.expiresAt.setUTCFullYear(domain.expiresAt.getUTCFullYear() + op.period);
      } else {
        domain.state = 'failed';
        registered.delete(op.domain);
      }
    }
    if (finished && op.kind === 'renewal' && op.body.state !== 'renewed' && op.outcome === 'done') {
      domain.expiresAt!.setUTCFullYear(domain.expiresAt!.getUTCFullYear() + op.period);
      op.body.state = 'renewed';
    }
    const registration = op.kind === 'registration';
    const fixture = registration ? 'registerDomain/success' : 'renewDomain/success';
    const stateNow = finished
      ? op.outcome === 'failed'
        ? 'failed'
        : registration
          ? 'registered'
          : 'renewed'
      : poll
        ? registration
          ? 'registering'
          : 'renewing'
        : 'new';
    return {
      ...dnsimpleFixtureData(fixture),
      id: op.id,
      domain_id: domain.id,
      ...op.body,
      period: op.period,
      state: stateNow,
      created_at: iso(op.createdAt),
      updated_at: iso(new Date()),
    };
  }

  /** DNSimple's answer for a transfer, moved on by one poll when `poll` is set. */
  function transferJson(transfer: Transfer, poll: boolean) {
    if (poll && transfer.pollsLeft > 0) transfer.pollsLeft -= 1;
    const finished = transfer.pollsLeft === 0;
    const domain = domains.get(transfer.domain)!;
    if (finished && domain.state === 'transferring') {
      if (transfer.outcome === 'transferred') {
        domain.state = 'registered';
        domain.expiresAt = new Date();
        domain.expiresAt.setUTCFullYear(domain.expiresAt.getUTCFullYear() + 1);
      } else {
        domains.delete(transfer.domain);
      }
    }
    // The transfer call's answer has no description; getting the transfer has one.
    return {
      ...dnsimpleFixtureData(poll ? 'getDomainTransfer/success' : 'transferDomain/success'),
      id: transfer.id,
      domain_id: domain.id,
      registrant_id: transfer.registrantId,
      state: finished ? transfer.outcome : 'transferring',
      auto_renew: transfer.autoRenew,
      whois_privacy: transfer.whoisPrivacy,
      ...(poll
        ? {
            status_description:
              finished && transfer.outcome === 'cancelled' ? cancelledTransferWords : null,
          }
        : {}),
      created_at: iso(transfer.createdAt),
      updated_at: iso(new Date()),
    };
  }

  const rateHeaders = () => {
    remaining = Math.max(0, remaining - 1);
    return {
      'x-ratelimit-limit': '2400',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
    };
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      ...rateHeaders(),
    });
    response.end(body === undefined ? '' : JSON.stringify(body));
  };
  const noContent = (response: ServerResponse) => {
    response.writeHead(204, rateHeaders()).end();
  };
  const management = managementAnswers({
    accountId: options.accountId,
    domains,
    send,
    noContent,
    nextId: () => (nextId += 1),
  });
  const refuse = (response: ServerResponse, message: string, errors?: Record<string, string[]>) =>
    send(response, 400, errors ? { message, errors } : { message });

  /** One page of `items` as DNSimple pages lists: 30 by default, at most 100. */
  function page(url: URL, items: unknown[]) {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30)));
    const current = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const totalPages = Math.max(1, Math.ceil(items.length / perPage));
    return {
      data: items.slice((current - 1) * perPage, current * perPage),
      pagination: {
        current_page: current,
        per_page: perPage,
        total_entries: items.length,
        total_pages: totalPages,
      },
    };
  }

  async function readText(request: IncomingMessage): Promise<string> {
    let text = '';
    for await (const chunk of request) text += chunk;
    return text;
  }

  async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
    const text = await readText(request);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const call = `${request.method} ${url.pathname}`;
      calls.push(call);
      if (state.answerDelayMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, state.answerDelayMs));
      }
      if (request.headers.authorization !== `Bearer ${token}`) {
        return send(response, 401, { message: 'Authentication failed' });
      }
      if (failures && failures.remaining > 0) {
        failures.remaining -= 1;
        if (failures.status === 429) {
          response.writeHead(429, {
            'content-type': 'application/json; charset=utf-8',
            ...rateHeaders(),
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + failures.resetInSeconds),
          });
          response.end(JSON.stringify({ message: 'Your account has exceeded its rate limit' }));
          return;
        }
        if (failures.status === 200) {
          // success-with-malformed-json.http: nginx's HTML page with a 200.
          const page = dnsimpleFixture('success-with-malformed-json');
          response.writeHead(200, page.headers).end(page.body);
          return;
        }
        response.writeHead(failures.status, { 'content-type': 'text/html', ...rateHeaders() });
        response.end(htmlErrorPage(failures.status, reasons[failures.status] ?? 'Error'));
        return;
      }
      const body =
        request.method === 'POST' || request.method === 'PATCH' ? await readJson(request) : {};
      if (request.method === 'POST') bodies.push({ call, body });
      const account = `/v2/${options.accountId}`;
      if (url.pathname === '/v2/whoami') {
        return send(response, 200, {
          data: { user: null, account: { id: options.accountId, email: 'ops@example.co.za' } },
        });
      }
      const zone = new RegExp(`^${account}/zones/([^/]+)/records(?:/(\\d+))?$`).exec(url.pathname);
      if (zone) {
        const name = decodeURIComponent(zone[1]!);
        const records = zones.get(name);
        if (!records) return send(response, 404, { message: `Zone \`${name}\` not found` });
        const id = zone[2] ? Number(zone[2]) : undefined;
        if (request.method === 'GET' && id === undefined) {
          return send(response, 200, page(url, [...records.values()]));
        }
        if (request.method === 'POST') {
          if (typeof body.content !== 'string' || body.content === '') {
            return refuse(response, 'Validation failed', { content: ["can't be blank"] });
          }
          nextId += 1;
          const now = iso(new Date());
          const record = {
            id: nextId,
            zone_id: name,
            parent_id: null,
            name: '',
            ttl: 3600,
            priority: null,
            regions: ['global'],
            system_record: false,
            created_at: now,
            updated_at: now,
            ...body,
          };
          records.set(nextId, record);
          return send(response, 201, { data: record });
        }
        if (id === undefined || !records.has(id))
          return send(response, 404, { message: `Record \`${zone[2]}\` not found` });
        if (request.method === 'PATCH') {
          const record = { ...records.get(id), ...body, updated_at: iso(new Date()) };
          records.set(id, record);
          return send(response, 200, { data: record });
        }
        if (request.method === 'DELETE') {
          records.delete(id);
          return noContent(response);
        }
      }
      if (management.handle(request.method ?? 'GET', url.pathname, body, response)) return;
      const registrar = new RegExp(
        `^${account}/registrar/domains/([^/]+)/(check|prices|registrations|renewals|transfers|delegation|auto_renewal)(?:/(\\d+))?$`,
      ).exec(url.pathname);
      if (registrar) {
        const domain = decodeURIComponent(registrar[1]!);
        const action = registrar[2]!;
        const ending = domain.split('.').slice(1).join('.');
        if (!soldEndings.has(ending)) {
          return refuse(response, `TLD .${ending.toUpperCase()} is not supported`);
        }
        const premium = domain.split('.')[0]!.length <= 3;
        const price = premium ? 250 : (endingPrices.get(ending) ?? 14.5);
        const held = domains.get(domain);
        if (action === 'check') {
          return send(response, 200, {
            data: { domain, available: !registered.has(domain), premium },
          });
        }
        if (action === 'prices') {
          // getDomainPrices/success.http, for this name.
          return send(response, 200, {
            data: {
              ...dnsimpleFixtureData('getDomainPrices/success'),
              domain,
              premium,
              registration_price: price,
              renewal_price: price,
              transfer_price: price,
              restore_price: price,
            },
          });
        }
        if (action === 'delegation') {
          if (!held) return send(response, 404, { message: `Domain \`${domain}\` not found` });
          if (request.method === 'PUT') {
            // changeDomainDelegation/success.http: the body is the list, the answer the list.
            const list: unknown = JSON.parse((await readText(request)) || 'null');
            if (!Array.isArray(list) || list.length === 0) {
              return send(response, 400, { message: 'Validation failed', errors: {} });
            }
            delegations.set(domain, list as string[]);
          }
          return send(response, 200, {
            data: delegations.get(domain) ?? ['ns1.dnsimple.com', 'ns2.dnsimple-edge.net'],
          });
        }
        if (action === 'auto_renewal') {
          if (!held) return send(response, 404, { message: `Domain \`${domain}\` not found` });
          autoRenew.set(domain, request.method === 'PUT');
          held.autoRenew = request.method === 'PUT';
          return noContent(response);
        }
        const operationId = registrar[3] ? Number(registrar[3]) : undefined;
        if (action === 'transfers' && operationId !== undefined) {
          const transfer = transfers.get(operationId);
          if (!transfer || transfer.domain !== domain) {
            return send(response, 404, { message: `Domain transfer \`${operationId}\` not found` });
          }
          return send(response, 200, { data: transferJson(transfer, true) });
        }
        if (action === 'transfers' && request.method === 'POST') {
          if (held) {
            return refuse(
              response,
              `The domain ${domain} is already in DNSimple and cannot be added`,
            );
          }
          if (typeof body.auth_code !== 'string' || body.auth_code === '') {
            return refuse(response, 'Validation failed', {
              base: ['You must provide an authorization code for the domain'],
            });
          }
          if (typeof body.registrant_id !== 'number') {
            return refuse(response, 'Validation failed', { registrant_id: ["can't be blank"] });
          }
          if (!registered.has(domain)) {
            return refuse(
              response,
              `The domain ${domain} is not registered and cannot be transferred`,
            );
          }
          const added = addDomain(domain, 'transferring');
          added.registrantId = body.registrant_id;
          nextId += 1;
          const transfer: Transfer = {
            id: nextId,
            domain,
            registrantId: body.registrant_id,
            autoRenew: body.auto_renew === true,
            whoisPrivacy: body.whois_privacy === true,
            pollsLeft: Math.max(1, state.pollsBeforeDone),
            outcome: cancelledTransfers.has(domain) ? 'cancelled' : 'transferred',
            createdAt: new Date(),
          };
          transfers.set(transfer.id, transfer);
          return send(response, 201, { data: transferJson(transfer, false) });
        }
        if (operationId !== undefined) {
          const op = operations.get(operationId);
          if (
            !op ||
            op.domain !== domain ||
            op.kind !== (action === 'registrations' ? 'registration' : 'renewal')
          ) {
            return send(response, 404, {
              message: `Domain ${action.slice(0, -1)} \`${operationId}\` not found`,
            });
          }
          return send(response, 200, { data: operationJson(op, true) });
        }
        if (request.method !== 'POST')
          return send(response, 405, { message: 'Method not allowed' });
        if (premium && body.premium_price === undefined) {
          return refuse(
            response,
            `\`${domain}\` is a premium domain; its premium_price must be provided`,
            {
              premium_price: ['is required for premium domains'],
            },
          );
        }
        if (premium && Number(body.premium_price) !== price) {
          return refuse(
            response,
            `The premium_price for \`${domain}\` does not match its current price`,
            {
              premium_price: [`must be ${price}`],
            },
          );
        }
        nextId += 1;
        if (action === 'registrations') {
          if (registered.has(domain)) {
            return refuse(response, `The domain ${domain} is not available for registration`);
          }
          if (typeof body.registrant_id !== 'number') {
            return refuse(response, 'Validation failed', { registrant_id: ["can't be blank"] });
          }
          registered.add(domain);
          const added = addDomain(domain, 'new');
          added.registrantId = body.registrant_id;
          const op: Operation = {
            id: nextId,
            domain,
            kind: 'registration',
            period: 1,
            pollsLeft: state.pollsBeforeDone,
            outcome: failingRegistrations.has(domain) ? 'failed' : 'done',
            body: {
              registrant_id: body.registrant_id,
              auto_renew: body.auto_renew ?? false,
              whois_privacy: body.whois_privacy ?? false,
            },
            createdAt: new Date(),
          };
          operations.set(op.id, op);
          const answer = { data: operationJson(op, false) };
          const slow = slowRegistrations.get(domain);
          if (slow) await new Promise((resolve) => setTimeout(resolve, slow));
          if (!response.destroyed) send(response, 201, answer);
          return;
        }
        if (!held || held.state !== 'registered') {
          return send(response, 404, { message: `Domain \`${domain}\` not found` });
        }
        const op: Operation = {
          id: nextId,
          domain,
          kind: 'renewal',
          period: Number(body.period ?? 1),
          pollsLeft: state.pollsBeforeDone,
          outcome: 'done',
          body: {},
          createdAt: new Date(),
        };
        operations.set(op.id, op);
        return send(response, 201, { data: operationJson(op, false) });
      }
      if (url.pathname === `${account}/domains`) {
        return send(response, 200, page(url, [...domains.values()].map(domainJson)));
      }
      const one = new RegExp(`^${account}/domains/([^/]+)$`).exec(url.pathname);
      if (one) {
        const held = domains.get(decodeURIComponent(one[1]!));
        if (!held) return send(response, 404, { message: `Domain \`${one[1]}\` not found` });
        return send(response, 200, { data: domainJson(held) });
      }
      if (url.pathname === `${account}/contacts` && request.method === 'POST') {
        nextId += 1;
        const now = iso(new Date());
        const contact = {
          id: nextId,
          account_id: options.accountId,
          ...body,
          created_at: now,
          updated_at: now,
        };
        management.saveContact(contact);
        return send(response, 201, { data: contact });
      }
      return send(response, 404, { message: `No stand-in for ${call}` });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    /** The JSON bodies of the POSTs received, in order. */
    bodies,
    registered,
    zones,
    autoRenew,
    /**
     * How many polls a registration or renewal needs before it is done (0: done at once), and
     * how long every answer takes (a slow DNSimple, for measurements).
     */
    settings: state,
    /** Puts a registered domain in the account, as one registered earlier would be. */
    addRegistered(name: string) {
      registered.add(name);
      return addDomain(name, 'registered').id;
    },
    failRegistrationOf(name: string) {
      failingRegistrations.add(name);
    },
    /** A name registered at another registrar: it can be transferred in, not registered. */
    registerElsewhere(name: string) {
      registered.add(name);
    },
    /** Its transfer in ends `cancelled` (the losing registrar or the owner refused it). */
    cancelTransferOf(name: string) {
      cancelledTransfers.add(name);
    },
    /**
     * The next calls answer `status`: 429 (with X-RateLimit-Reset `resetInSeconds` ahead), 200
     * (nginx's HTML page, success-with-malformed-json.http) or a 5xx HTML page.
     */
    failNext(status: number, times = 1, resetInSeconds = 3600) {
      failures = { status, remaining: times, resetInSeconds };
    },
    /**
     * Its registration is made at once but answered only after `ms` (registerDomain/success.http
     * took DNSimple 11.9 s): a caller that gives up first never hears of it.
     */
    answerRegistrationSlowly(name: string, ms: number) {
      slowRegistrations.set(name, ms);
    },
    /** DNSimple finishes the name's registration by itself, nobody having asked how it went. */
    finishRegistrationOf(name: string) {
      for (const op of operations.values()) {
        if (op.domain === name && op.kind === 'registration') {
          op.pollsLeft = 0;
          operationJson(op, false);
        }
      }
    },
    /** An ordinary name of the ending now costs `usd` a year (registration, renewal, transfer). */
    priceEnding(ending: string, usd: number) {
      endingPrices.set(ending, usd);
    },
    /** The account's token becomes `next`: calls with the old one answer 401. */
    rotateToken(next: string) {
      token = next;
    },
    /** The registrar lock, transfers out and registrant changes (dnsimple-stand-in-management). */
    management,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
