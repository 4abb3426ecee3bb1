import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dnsimpleFixture,
  type DnsimpleFixture,
} from '../../../../tests/helpers/dnsimple-fixtures.ts';
import { createDnsimpleRegistrar } from './dnsimple-registrar.ts';
import { dnsimpleTimeouts } from './dnsimple-transport.ts';
import { RegistrarError, type Registrar } from './registrar.ts';

/**
 * Our DNSimple adapter, through the official client, against DNSimple's own published answers:
 * the HTTP fixtures of dnsimple-node (`test/fixtures.http`, copied verbatim into
 * tests/fixtures/dnsimple with their source), replayed by status, headers and body. Their
 * `x-runtime` is replayed too, scaled down with our timeouts (`scale`).
 */
const account = 1010;
/** A hundredth of DNSimple's time: registerDomain's 11.9 s answer takes 119 ms here. */
const scale = 0.01;

/** What DNSimple's API documentation says a 429 and a refused token look like (no fixture). */
const rateLimited = (resetAt: number): DnsimpleFixture => ({
  status: 429,
  headers: {
    'content-type': 'application/json; charset=utf-8',
    'x-ratelimit-limit': '2400',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': String(resetAt),
  },
  body: '{"message":"Your account has exceeded its rate limit"}',
  runtimeMs: 0,
});
const authenticationFailed: DnsimpleFixture = {
  status: 401,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: '{"message":"Authentication failed"}',
  runtimeMs: 0,
};

const registrar1 = `/v2/${account}/registrar/domains`;
const answers: Record<string, string | DnsimpleFixture> = {
  [`POST /v2/${account}/contacts`]: 'createContact/created',
  [`POST ${registrar1}/example-new.com/registrations`]: 'registerDomain/success',
  [`GET ${registrar1}/example-new.com/registrations/361`]: 'getDomainRegistration/success',
  [`POST ${registrar1}/example-alpha.com/renewals`]: 'renewDomain/success',
  [`GET ${registrar1}/example-alpha.com/renewals/1`]: 'getDomainRenewal/success',
  [`POST ${registrar1}/example.com/renewals`]: 'renewDomain/error-tooearly',
  [`GET /v2/${account}/domains/example-alpha.com`]: 'getDomain/success',
  [`GET /v2/${account}/domains/example-gone.com`]: 'notfound-domain',
  [`GET /v2/${account}/domains`]: 'listDomains/success',
  [`GET /v2/${account}/zones/example.com/records`]: 'listZoneRecords/success',
  [`PUT ${registrar1}/example.com/delegation`]: 'changeDomainDelegation/success',
  [`GET ${registrar1}/example.pineapple/check`]: 'getDomainPrices/failure',
  [`GET ${registrar1}/bingo.pizza/check`]: 'checkDomain/success',
  [`GET ${registrar1}/bingo.pizza/prices`]: 'getDomainPrices/success',
  [`POST ${registrar1}/bingo.pizza/transfers`]: 'transferDomain/success',
  [`POST ${registrar1}/example.eu/registrations`]: 'registerDomain/error-extended-attributes',
  [`POST ${registrar1}/example-moving.com/transfers`]: 'transferDomain/success',
  [`POST ${registrar1}/example-nocode.com/transfers`]: 'transferDomain/error-missing-authcode',
  [`POST ${registrar1}/google.com/transfers`]: 'transferDomain/error-indnsimple',
  [`GET ${registrar1}/example-moving.com/transfers/361`]: 'getDomainTransfer/success',
  [`GET /v2/${account}/domains/down.com`]: 'badgateway',
  [`GET /v2/${account}/domains/garbled.com`]: 'success-with-malformed-json',
  [`GET /v2/${account}/domains/busy.com`]: rateLimited(1_481_315_246),
  [`GET /v2/${account}/domains/revoked.com`]: authenticationFailed,
  // An ending priced through a name of it; the published answer is for a premium one.
  [`GET ${registrar1}/sebenza-price-probe.pizza/prices`]: 'getDomainPrices/success',
  // Another account, whose contact is refused with validation-error.http.
  [`POST /v2/2020/contacts`]: 'validation-error',
  [`GET /v2/2020/domains/example-alpha.com`]: 'getDomain/success',
  // The registrar lock, the transfer out and the registrant (dnsimple-management.ts).
  [`GET ${registrar1}/example.com/transfer_lock`]: 'getDomainTransferLock/success',
  [`POST ${registrar1}/example.com/transfer_lock`]: 'enableDomainTransferLock/success',
  [`DELETE ${registrar1}/example.com/transfer_lock`]: 'disableDomainTransferLock/success',
  // No fixture reads an unlocked domain's lock: disabling's answer is that same `{enabled:false}`.
  [`GET ${registrar1}/example-alpha.com/transfer_lock`]: 'disableDomainTransferLock/success',
  [`POST ${registrar1}/example-alpha.com/authorize_transfer_out`]:
    'authorizeDomainTransferOut/success',
  [`GET /v2/${account}/contacts/2715`]: 'getContact/success',
  [`GET /v2/2020/contacts/2715`]: 'notfound-contact',
  [`POST /v2/${account}/registrar/registrant_changes/check`]: 'checkRegistrantChange/success',
  [`POST /v2/${account}/registrar/registrant_changes`]: 'createRegistrantChange/success',
};

const received: { call: string; body: string }[] = [];
let server: ReturnType<typeof createServer>;
let registrar: Registrar;
let refusingContacts: Registrar;
const scaled = {
  step: dnsimpleTimeouts.step * scale,
  prices: dnsimpleTimeouts.prices * scale,
  change: dnsimpleTimeouts.change * scale,
  read: dnsimpleTimeouts.read * scale,
};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fixtures');
      const call = `${request.method} ${url.pathname}`;
      received.push({ call, body });
      const answer = answers[call];
      if (!answer) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: `no fixture for ${call}` }));
        return;
      }
      const fixture = typeof answer === 'string' ? dnsimpleFixture(answer) : answer;
      setTimeout(() => {
        response.writeHead(fixture.status, fixture.headers);
        response.end(fixture.body);
      }, fixture.runtimeMs * scale);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  registrar = createDnsimpleRegistrar({
    token: 'fixture-token',
    accountId: account,
    baseUrl: `http://127.0.0.1:${port}`,
    timeouts: scaled,
  });
  refusingContacts = createDnsimpleRegistrar({
    token: 'fixture-token',
    accountId: 2020,
    baseUrl: `http://127.0.0.1:${port}`,
    timeouts: scaled,
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
const sentTo = (suffix: string) =>
  JSON.parse(received.findLast((r) => r.call.endsWith(suffix))!.body) as Record<string, unknown>;

describe('DNSimple adapter against its published fixtures', () => {
  it("gives each call more time than DNSimple's slowest published answer of its kind", () => {
    const runtime = (name: string) => dnsimpleFixture(name).runtimeMs;
    expect(runtime('registerDomain/success')).toBe(11_906);
    expect(runtime('renewDomain/success')).toBe(13_571);
    for (const step of [
      'registerDomain/success',
      'renewDomain/success',
      'getDomainRenewal/success',
      'transferDomain/success',
      'transferDomain/error-missing-authcode',
    ]) {
      expect(dnsimpleTimeouts.step).toBeGreaterThanOrEqual(4 * runtime(step));
    }
    expect(dnsimpleTimeouts.prices).toBeGreaterThanOrEqual(2 * runtime('getDomainPrices/success'));
    for (const read of ['checkDomain/success', 'getDomain/success', 'getDomainTransfer/success']) {
      expect(dnsimpleTimeouts.read).toBeGreaterThanOrEqual(10 * runtime(read));
    }
    // A customer waiting on a read is not kept waiting as long as paid work may.
    expect(dnsimpleTimeouts.read).toBeLessThanOrEqual(dnsimpleTimeouts.step / 4);
  });

  it('waits out a registration as slow as DNSimple published, and reads it as pending', async () => {
    const result = await registrar.register({
      domain: 'example-new.com',
      years: 3,
      registrant,
      privacy: false,
      autoRenew: false,
    });
    expect(result).toEqual({ id: '1', state: 'pending', years: 1 });
    expect(sentTo('/registrations')).toEqual({
      registrant_id: 1,
      whois_privacy: false,
      auto_renew: false,
    });
    expect(await registrar.registrationState('example-new.com', '361')).toBe('pending');
  });

  it('waits out a renewal as slow as published; a renewal asked too early keeps its reason', async () => {
    expect(await registrar.renew('example-alpha.com', 2)).toEqual({ id: '1', state: 'pending' });
    expect(sentTo('/example-alpha.com/renewals')).toEqual({ period: 2 });
    expect(await registrar.renewalState('example-alpha.com', '1')).toBe('done');
    await expect(registrar.renew('example.com', 1)).rejects.toMatchObject({
      message: 'DNSimple refused: example.com may not be renewed at this time',
      transient: false,
    });
  });

  it("reads a transfer as pending, a cancelled one as failed with DNSimple's reason", async () => {
    const transfer = await registrar.transfer({
      domain: 'example-moving.com',
      authCode: 'Ab3$xYz9',
      registrant,
      privacy: false,
      autoRenew: false,
    });
    expect(transfer).toEqual({ id: '1', state: 'pending' });
    expect(sentTo('/example-moving.com/transfers')).toEqual({
      registrant_id: 1,
      auth_code: 'Ab3$xYz9',
      whois_privacy: false,
      auto_renew: false,
    });
    expect(await registrar.transferState('example-moving.com', '361')).toEqual({
      state: 'failed',
      reason: 'Canceled by customer',
    });
    const refusal = (domain: string) =>
      registrar.transfer({ domain, authCode: '', registrant, privacy: false, autoRenew: false });
    await expect(refusal('example-nocode.com')).rejects.toMatchObject({
      message:
        'DNSimple refused: Validation failed; base: You must provide an authorization code for the domain',
      transient: false,
    });
    await expect(refusal('google.com')).rejects.toMatchObject({
      message: 'DNSimple refused: The domain google.com is already in DNSimple and cannot be added',
    });
  });

  it('confirms a premium transfer with its quoted transfer price', async () => {
    const check = await registrar.checkAvailability('bingo.pizza', 'bingo');
    expect(check).toEqual({
      available: true,
      premium: true,
      premiumPrice: {
        cents: 2_000,
        currency: 'USD',
        quoted: '20',
        renewalQuoted: '20',
        transferQuoted: '20',
      },
    });
    await registrar.transfer({
      domain: 'bingo.pizza',
      authCode: 'Ab3$xYz9',
      registrant,
      privacy: false,
      autoRenew: false,
      premiumPrice: check.premiumPrice!.transferQuoted,
    });
    expect(sentTo('/bingo.pizza/transfers')).toMatchObject({ premium_price: '20' });
  });

  it("takes the expiry and start of a registration from DNSimple's domain, and tells ours from none", async () => {
    expect(await registrar.holds('example-alpha.com')).toEqual({
      reference: 'dnsimple:181984',
      expiresAt: new Date('2021-06-05T02:15:00Z'),
      since: new Date('2020-06-04T19:15:14Z'),
    });
    expect(await registrar.inAccount('example-alpha.com')).toEqual({
      state: 'registered',
      since: new Date('2020-06-04T19:15:14Z'),
    });
    expect(await registrar.inAccount('example-gone.com')).toBeNull();
  });

  it('delegates a domain to name servers, sending the list and reading back the one DNSimple keeps', async () => {
    // changeDomainDelegation/success.http answers in 2.8 s: within a customer's read, with room.
    expect(dnsimpleTimeouts.read).toBeGreaterThanOrEqual(
      3 * dnsimpleFixture('changeDomainDelegation/success').runtimeMs,
    );
    const list = ['ns1.dnsimple.com', 'ns2.dnsimple.com', 'ns3.dnsimple.com', 'ns4.dnsimple.com'];
    expect(await registrar.setNameservers('example.com', list)).toEqual(list);
    const sent = received.findLast((r) => r.call.endsWith('/example.com/delegation'))!;
    expect(sent.call).toBe(`PUT ${registrar1}/example.com/delegation`);
    expect(JSON.parse(sent.body)).toEqual(list);
  });

  it('counts only registrations as held, not hosted zones, each with its expiry', async () => {
    expect(await registrar.listDomains()).toEqual([
      { domain: 'example-alpha.com', expiresAt: new Date('2021-06-05T02:15:00Z') },
    ]);
  });

  it("leaves a new zone's SOA and NS system records out of the customer's records", async () => {
    expect(await registrar.listRecords('example.com')).toEqual([]);
  });

  it("keeps DNSimple's own words for a refusal, field errors included", async () => {
    await expect(registrar.checkAvailability('example.pineapple', 'example')).rejects.toMatchObject(
      {
        message: 'DNSimple refused: TLD .PINEAPPLE is not supported',
        transient: false,
      },
    );
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

  it("keeps every field error of DNSimple's validation failure", async () => {
    await expect(
      refusingContacts.register({
        domain: 'example-new.com',
        years: 1,
        registrant,
        privacy: false,
        autoRenew: false,
      }),
    ).rejects.toMatchObject({
      message:
        "DNSimple refused: Validation failed; address1: can't be blank; city: can't be blank; country: can't be blank; email: can't be blank, is an invalid email address; first_name: can't be blank; last_name: can't be blank; phone: can't be blank, is probably not a phone number; postal_code: can't be blank; state_province: can't be blank",
      transient: false,
    });
  });

  it('prices an ending through an ordinary name of it, never through a premium one', async () => {
    await expect(registrar.endingPrices('pizza')).rejects.toMatchObject({
      message: 'DNSimple prices sebenza-price-probe.pizza as premium, not as the ending',
      transient: false,
    });
  });

  it("treats nginx's HTML pages (a 502, or a 200 that is not JSON) as no answer, worth retrying", async () => {
    await expect(registrar.holds('down.com')).rejects.toMatchObject({
      message: 'The domain registrar is having problems. Please try again shortly.',
      transient: true,
      status: 502,
    });
    await expect(registrar.holds('garbled.com')).rejects.toMatchObject({
      message: 'The domain registrar sent an answer we could not read.',
      transient: true,
      status: 502,
    });
  });

  it('waits for the rate limit to reset at X-RateLimit-Reset, and for a refused token to be fixed', async () => {
    const busy = await registrar.holds('busy.com').catch((error: unknown) => error);
    expect(busy).toMatchObject({
      status: 429,
      transient: true,
      waitFor: 'rate-limit',
      retryAt: new Date(1_481_315_246_000),
    });
    await expect(registrar.holds('revoked.com')).rejects.toMatchObject({
      message:
        'DNSimple refused our registrar credentials (HTTP 401): DNSIMPLE_TOKEN must be fixed',
      transient: true,
      waitFor: 'credentials',
    });
  });
});

describe('the registrar lock, transfer code and registrant at DNSimple, on its fixtures', () => {
  it("gives a customer's own changes more time than DNSimple's published answers", () => {
    for (const change of [
      'authorizeDomainTransferOut/success',
      'checkRegistrantChange/success',
      'createRegistrantChange/success',
    ]) {
      expect(dnsimpleTimeouts.change).toBeGreaterThanOrEqual(5 * dnsimpleFixture(change).runtimeMs);
    }
  });

  it('reads, sets and clears the transfer lock', async () => {
    expect(await registrar.transferLock('example.com')).toBe(true);
    expect(await registrar.setTransferLock('example.com', false)).toBe(false);
    expect(await registrar.setTransferLock('example.com', true)).toBe(true);
    const calls = received.map((r) => r.call).filter((c) => c.endsWith('/transfer_lock'));
    expect(calls.slice(-3)).toEqual([
      `GET ${registrar1}/example.com/transfer_lock`,
      `DELETE ${registrar1}/example.com/transfer_lock`,
      `POST ${registrar1}/example.com/transfer_lock`,
    ]);
  });

  it('refuses the transfer code of a locked domain without asking DNSimple to unlock it', async () => {
    await expect(registrar.transferCode('example.com')).rejects.toMatchObject({
      message:
        'example.com is locked: turn the registrar lock off before asking for its transfer code',
      transient: false,
    });
    expect(received.some((r) => r.call.endsWith('/example.com/authorize_transfer_out'))).toBe(
      false,
    );
  });

  it("says DNSimple e-mailed an unlocked domain's code to its registrant", async () => {
    expect(await registrar.transferCode('example-alpha.com')).toEqual({
      kind: 'emailed',
      to: 'first@example.com',
    });
    expect(received.at(-1)!.call).toBe(
      `POST ${registrar1}/example-alpha.com/authorize_transfer_out`,
    );
  });

  it("reads the registrant from the domain's registrant_id contact", async () => {
    expect(await registrar.registrant('example-alpha.com')).toEqual({
      firstName: 'First',
      lastName: 'User',
      organisation: 'Awesome Company',
      email: 'first@example.com',
      phone: '+18001234567',
      address1: 'Italian Street, 10',
      city: 'Roma',
      stateProvince: 'RM',
      postalCode: '00100',
      country: 'IT',
    });
    await expect(refusingContacts.registrant('example-alpha.com')).rejects.toMatchObject({
      message: 'DNSimple refused: Contact `0` not found',
    });
  });

  it('changes the registrant to a new contact: checked, then started, pending with the registry', async () => {
    const change = await registrar.changeRegistrant('example-alpha.com', registrant);
    expect(change).toEqual({
      state: 'pending',
      reason:
        'The registry confirms a change of owner: the current registrant may be asked by e-mail to approve it.',
    });
    expect(sentTo('/contacts')).toMatchObject({ first_name: 'Thandi', phone: '+27.825550101' });
    expect(sentTo('/registrant_changes/check')).toEqual({ domain_id: 181984, contact_id: 1 });
    expect(sentTo('/registrant_changes')).toEqual({
      domain_id: 181984,
      contact_id: 1,
      extended_attributes: {},
    });
  });

  it("keeps DNSimple's field errors when the new contact is refused", async () => {
    await expect(
      refusingContacts.changeRegistrant('example-alpha.com', registrant),
    ).rejects.toMatchObject({
      message: expect.stringMatching(
        /^DNSimple refused: Validation failed; address1: can't be blank;.* phone: can't be blank, is probably not a phone number/,
      ),
      transient: false,
    });
  });
});
