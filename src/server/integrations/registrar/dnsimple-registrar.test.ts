import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsimpleRegistrar } from './dnsimple-registrar.ts';
import { RegistrarError, type Registrar } from './registrar.ts';

/**
 * Our DNSimple adapter, through the official client, against answers in the shape of the HTTP
 * fixtures published with DNSimple's official API clients (dnsimple-ruby / dnsimple-node
 * `fixtures.http/…`): same status, headers and bodies, with our own names and ids.
 */
interface Canned {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

const rate = {
  'x-ratelimit-limit': '2400',
  'x-ratelimit-remaining': '2396',
  'x-ratelimit-reset': '1481315246',
};
const json = (status: number, body: unknown): Canned => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...rate },
  body: JSON.stringify(body),
});

const account = 1010;
const answers: Record<string, Canned | ((url: URL) => Canned)> = {
  // registerDomain/success.http: accepted as "new", for one year, no expiry yet.
  [`POST /v2/${account}/registrar/domains/example-new.com/registrations`]: json(201, {
    data: {
      id: 1,
      domain_id: 999,
      registrant_id: 2,
      period: 1,
      state: 'new',
      auto_renew: false,
      whois_privacy: false,
      created_at: '2016-12-09T19:35:31Z',
      updated_at: '2016-12-09T19:35:31Z',
    },
  }),
  [`POST /v2/${account}/contacts`]: json(201, { data: { id: 2 } }),
  // getDomainRegistration/success.http: still "registering".
  [`GET /v2/${account}/registrar/domains/example-new.com/registrations/361`]: json(200, {
    data: {
      id: 361,
      domain_id: 104040,
      registrant_id: 2715,
      period: 1,
      state: 'registering',
      auto_renew: false,
      whois_privacy: false,
      created_at: '2023-01-27T17:44:32Z',
      updated_at: '2023-01-27T17:44:40Z',
    },
  }),
  // renewDomain/success.http: a renewal is "new" too.
  [`POST /v2/${account}/registrar/domains/example-alpha.com/renewals`]: json(201, {
    data: {
      id: 1,
      domain_id: 999,
      period: 1,
      state: 'new',
      created_at: '2016-12-09T19:46:45Z',
      updated_at: '2016-12-09T19:46:45Z',
    },
  }),
  // getDomain/success.http: registered, with the registrar's own expiry.
  [`GET /v2/${account}/domains/example-alpha.com`]: json(200, {
    data: {
      id: 181984,
      account_id: 1385,
      registrant_id: 2715,
      name: 'example-alpha.com',
      unicode_name: 'example-alpha.com',
      state: 'registered',
      auto_renew: false,
      private_whois: false,
      expires_on: '2021-06-05',
      expires_at: '2021-06-05T02:15:00Z',
      created_at: '2020-06-04T19:15:14Z',
      updated_at: '2020-06-04T19:15:21Z',
    },
  }),
  // listDomains/success.http: one hosted zone, one registration; here across two pages.
  [`GET /v2/${account}/domains`]: (url) =>
    url.searchParams.get('page') === '2'
      ? json(200, {
          data: [
            {
              id: 2,
              account_id: account,
              registrant_id: 21,
              name: 'example-beta.com',
              unicode_name: 'example-beta.com',
              state: 'registered',
              auto_renew: false,
              private_whois: false,
              expires_on: '2015-12-06',
              expires_at: '2015-12-06T00:00:00Z',
              created_at: '2014-12-06T15:46:52Z',
              updated_at: '2015-12-09T00:20:53Z',
            },
          ],
          pagination: { current_page: 2, per_page: 1, total_entries: 2, total_pages: 2 },
        })
      : json(200, {
          data: [
            {
              id: 1,
              account_id: account,
              registrant_id: null,
              name: 'example-alpha.com',
              unicode_name: 'example-alpha.com',
              state: 'hosted',
              auto_renew: false,
              private_whois: false,
              expires_on: null,
              expires_at: null,
              created_at: '2014-12-06T15:56:55Z',
              updated_at: '2015-12-09T00:20:56Z',
            },
          ],
          pagination: { current_page: 1, per_page: 1, total_entries: 2, total_pages: 2 },
        }),
  // listZoneRecords/success.http: a new zone holds only its SOA and NS system records.
  [`GET /v2/${account}/zones/example.com/records`]: json(200, {
    data: [
      ['SOA', 'ns1.dnsimple.com admin.dnsimple.com 1452184205 86400 7200 604800 300'],
      ['NS', 'ns1.dnsimple.com'],
      ['NS', 'ns2.dnsimple.com'],
      ['NS', 'ns3.dnsimple.com'],
      ['NS', 'ns4.dnsimple.com'],
    ].map(([type, content], index) => ({
      id: 64779 + index,
      zone_id: 'example.com',
      parent_id: null,
      name: '',
      content,
      ttl: 3600,
      priority: null,
      type,
      system_record: true,
      created_at: '2016-01-07T16:30:05.379Z',
      updated_at: '2016-01-07T16:30:05.379Z',
    })),
    pagination: { current_page: 1, per_page: 30, total_entries: 5, total_pages: 1 },
  }),
  // checkDomainPremiumPrice/error_400_tld_not_supported.http.
  [`GET /v2/${account}/registrar/domains/example.love/check`]: json(400, {
    message: 'TLD .LOVE is not supported',
  }),
  // checkDomain/success.http, then getDomainPrices/success.http for a premium name.
  [`GET /v2/${account}/registrar/domains/bingo.pizza/check`]: json(200, {
    data: { domain: 'bingo.pizza', available: true, premium: true },
  }),
  [`GET /v2/${account}/registrar/domains/bingo.pizza/prices`]: json(200, {
    data: {
      domain: 'bingo.pizza',
      premium: true,
      registration_price: 20.0,
      renewal_price: 20.0,
      transfer_price: 20.0,
    },
  }),
  // registerDomain/error-extended-attributes.http: a 4xx with field errors.
  [`POST /v2/${account}/registrar/domains/example.eu/registrations`]: json(400, {
    message: 'Invalid extended attributes',
    errors: { 'x-accept-ssl-requirement': "it's required", 'x-id-number': 'invalid number' },
  }),
  // transferDomain/success.http: accepted, "transferring".
  [`POST /v2/${account}/registrar/domains/example-moving.com/transfers`]: json(201, {
    data: {
      id: 1,
      domain_id: 999,
      registrant_id: 2,
      state: 'transferring',
      auto_renew: false,
      whois_privacy: false,
      created_at: '2016-12-09T19:43:41Z',
      updated_at: '2016-12-09T19:43:43Z',
    },
  }),
  // transferDomain/error-missing-authcode.http.
  [`POST /v2/${account}/registrar/domains/example-nocode.com/transfers`]: {
    status: 400,
    headers: { 'content-type': 'application/json; charset=utf-8', ...rate },
    body: '{"message":"Validation failed","errors":{"base":["You must provide an authorization code for the domain"]}}',
  },
  // getDomainTransfer/success.http: cancelled, with DNSimple's description.
  [`GET /v2/${account}/registrar/domains/example-moving.com/transfers/42`]: json(200, {
    data: {
      id: 42,
      domain_id: 2,
      registrant_id: 3,
      state: 'cancelled',
      auto_renew: false,
      whois_privacy: false,
      premium_price: null,
      status_description: 'Canceled by customer',
      created_at: '2020-04-27T18:08:44Z',
      updated_at: '2020-04-27T18:20:01Z',
    },
  }),
  // A 502 from DNSimple's edge: nginx's HTML page, not JSON.
  [`GET /v2/${account}/domains/down.com`]: {
    status: 502,
    headers: { 'content-type': 'text/html' },
    body: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
  },
};

const received: { call: string; body: string }[] = [];
let server: ReturnType<typeof createServer>;
let registrar: Registrar;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fixtures');
      const call = `${request.method} ${url.pathname}`;
      received.push({ call, body });
      const answer = answers[call];
      const canned = typeof answer === 'function' ? answer(url) : answer;
      if (!canned) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: `no fixture for ${call}` }));
        return;
      }
      response.writeHead(canned.status, canned.headers);
      response.end(canned.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  registrar = createDnsimpleRegistrar({
    token: 'fixture-token',
    accountId: account,
    baseUrl: `http://127.0.0.1:${port}`,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const registrant = {
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: 'thandi@example.co.za',
  phone: '+27.825550101',
  address1: '12 Jan Smuts Ave',
  city: 'Johannesburg',
  stateProvince: 'Gauteng',
  postalCode: '2196',
  country: 'ZA',
};

describe('DNSimple adapter against fixture-shaped answers', () => {
  it('reads a new registration as pending, for the period DNSimple reports', async () => {
    const result = await registrar.register({
      domain: 'example-new.com',
      years: 3,
      registrant,
      privacy: false,
      autoRenew: false,
    });
    expect(result).toEqual({ id: '1', state: 'pending', years: 1 });
    const sent = JSON.parse(received.find((r) => r.call.endsWith('/registrations'))!.body);
    expect(sent).toEqual({ registrant_id: 2, whois_privacy: false, auto_renew: false });
    expect(await registrar.registrationState('example-new.com', '361')).toBe('pending');
  });

  it('reads a new renewal as pending and sends the period asked for', async () => {
    expect(await registrar.renew('example-alpha.com', 2)).toEqual({ id: '1', state: 'pending' });
    const sent = JSON.parse(received.find((r) => r.call.endsWith('/renewals'))!.body);
    expect(sent).toEqual({ period: 2 });
  });

  it('reads a transfer as pending until transferred, a cancelled one as failed, and sends the auth code', async () => {
    const transfer = await registrar.transfer({
      domain: 'example-moving.com',
      authCode: 'Ab3$xYz9',
      registrant,
      privacy: false,
      autoRenew: false,
    });
    expect(transfer).toEqual({ id: '1', state: 'pending' });
    const sent = JSON.parse(received.find((r) => r.call.endsWith('/transfers'))!.body);
    expect(sent).toEqual({
      registrant_id: 2,
      auth_code: 'Ab3$xYz9',
      whois_privacy: false,
      auto_renew: false,
    });
    expect(await registrar.transferState('example-moving.com', '42')).toBe('failed');
    await expect(
      registrar.transfer({
        domain: 'example-nocode.com',
        authCode: '',
        registrant,
        privacy: false,
        autoRenew: false,
      }),
    ).rejects.toMatchObject({
      message:
        'DNSimple refused: Validation failed; base: You must provide an authorization code for the domain',
      transient: false,
    });
  });

  it("takes the expiry and start of a registration from DNSimple's domain", async () => {
    expect(await registrar.holds('example-alpha.com')).toEqual({
      reference: 'dnsimple:181984',
      expiresAt: new Date('2021-06-05T02:15:00Z'),
      since: new Date('2020-06-04T19:15:14Z'),
    });
  });

  it('follows pagination and counts only registrations as held', async () => {
    expect(await registrar.listDomains()).toEqual(['example-beta.com']);
    expect(received.filter((r) => r.call === `GET /v2/${account}/domains`)).toHaveLength(2);
  });

  it("leaves a new zone's SOA and NS system records out of the customer's records", async () => {
    expect(await registrar.listRecords('example.com')).toEqual([]);
  });

  it('prices a premium name from the prices call and keeps its quoted price', async () => {
    expect(await registrar.checkAvailability('bingo.pizza', 'bingo')).toEqual({
      available: true,
      premium: true,
      premiumPrice: { cents: 2_000, currency: 'USD', quoted: '20', renewalQuoted: '20' },
    });
  });

  it("keeps DNSimple's own words for a refusal, field errors included", async () => {
    await expect(registrar.checkAvailability('example.love', 'example')).rejects.toMatchObject({
      message: 'DNSimple refused: TLD .LOVE is not supported',
      transient: false,
    });
    const refused = await registrar
      .register({
        domain: 'example.eu',
        years: 1,
        registrant,
        privacy: false,
        autoRenew: false,
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RegistrarError);
    expect((refused as RegistrarError).message).toBe(
      "DNSimple refused: Invalid extended attributes; x-accept-ssl-requirement: it's required; x-id-number: invalid number",
    );
  });

  it("treats nginx's HTML 502 page as a passing server failure, worth retrying", async () => {
    await expect(registrar.holds('down.com')).rejects.toMatchObject({
      message: 'The domain registrar is having problems. Please try again shortly.',
      transient: true,
      status: 502,
    });
  });
});
