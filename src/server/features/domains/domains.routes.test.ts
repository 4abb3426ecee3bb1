import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localRegistrarDomains } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import {
  createDnsimpleTestApp,
  type DnsimpleTestApp,
} from '../../../../tests/helpers/dnsimple-app.ts';

let address = 0;
const check = (t: TestApp, domain: string, remoteAddress?: string) => {
  address += 1;
  return t.app.inject({
    method: 'GET',
    url: `/api/domain/check?domain=${encodeURIComponent(domain)}`,
    remoteAddress: remoteAddress ?? `198.51.100.${(address % 250) + 1}`,
  });
};

describe('GET /api/domain/check with the local registrar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ USD_ZAR_RATE: '18.50' });
  });
  afterAll(() => t.close());

  it('answers the exact SPEC §3 shape with ZAR prices per year (cost + 20%)', async () => {
    const response = await check(t, '  https://www.Ubuntu-Bakery.CO.ZA/menu ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      available: true,
      message: 'ubuntu-bakery.co.za is available!',
      price: 114,
      currency: 'ZAR',
      originalPrice: 95,
      premium: false,
      domain: 'ubuntu-bakery.co.za',
    });
  });

  it('converts a dollar cost at the configured rate before the markup', async () => {
    const body = (await check(t, 'ubuntu-bakery.com')).json();
    // US$14.50 × R18.50 = R268.25; + 20% = R321.90.
    expect(body).toMatchObject({ originalPrice: 268.25, price: 321.9, currency: 'ZAR' });
  });

  it('prices a premium name without markup, and refuses reserved and registered names', async () => {
    expect((await check(t, 'abc.co.za')).json()).toMatchObject({
      premium: true,
      originalPrice: 950,
      price: 950,
    });
    expect((await check(t, 'google.co.za')).json()).toMatchObject({
      available: false,
      message: 'google.co.za is already registered. Try another name or ending.',
    });
  });

  it('answers blank, malformed and unsupported input with 400 and a clear error', async () => {
    expect((await check(t, '   ')).json()).toEqual({
      error: 'Please enter a domain name',
      code: 'BAD_REQUEST',
    });
    expect((await check(t, '-bad-.co.za')).statusCode).toBe(400);
    const unsupported = await check(t, 'myshop.xyz');
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().error).toContain('We do not register .xyz names');
  });

  it('caches availability for a minute', async () => {
    expect((await check(t, 'cache-me.co.za')).json().available).toBe(true);
    await t.app.database.db.insert(localRegistrarDomains).values({
      domain: 'cache-me.co.za',
      registrant: {},
      expiresAt: new Date(Date.now() + 365 * 86_400_000),
      nameservers: [],
    });
    expect((await check(t, 'cache-me.co.za')).json().available).toBe(true);
    expect((await check(t, 'not-cached-yet.co.za')).json().available).toBe(true);
  });

  it('limits checks to 60 a minute per IP', async () => {
    for (let i = 0; i < 60; i += 1) await check(t, `flood${i}.co.za`, '203.0.113.77');
    const refused = await check(t, 'one-more.co.za', '203.0.113.77');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });

  it('quotes years of an available domain on the server, and refuses a taken one', async () => {
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/domain/quote',
      payload: { domain: 'Three-Years.co.za', years: 3 },
    });
    expect(quote.json()).toEqual({
      domain: 'three-years.co.za',
      years: 3,
      pricePerYear: 114,
      total: 342,
      premium: false,
    });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/domain/quote',
      payload: { domain: 'google.co.za', years: 1 },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('google.co.za is no longer available');
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/domain/quote',
      payload: { domain: 'x.co.za', years: 11 },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('lists the price of every ending we sell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/domain/prices' });
    const prices = response.json() as { tld: string; registration: number }[];
    expect(prices.map((p) => p.tld)).toEqual(
      expect.arrayContaining(['co.za', 'com', 'africa', 'joburg', 'capetown', 'durban', 'tech']),
    );
    expect(prices.find((p) => p.tld === 'co.za')!.registration).toBe(114);
  });
});

describe('GET /api/domain/check through DNSimple (stand-in, real client)', () => {
  let t: DnsimpleTestApp;
  beforeAll(async () => {
    t = await createDnsimpleTestApp({
      USD_ZAR_RATE: '18.50',
    });
  });
  afterAll(() => t.close());

  it('asks the registrar for availability and prices ordinary names from the TLD table', async () => {
    const body = (await check(t, 'ndlovu-traders.com')).json();
    expect(body).toMatchObject({ available: true, price: 321.9, premium: false });
    expect(t.dnsimple.calls).toContain('GET /v2/4242/registrar/domains/ndlovu-traders.com/check');
    expect((await check(t, 'taken.com')).json().available).toBe(false);
  });

  it('uses the registrar price of a premium name, without markup', async () => {
    const body = (await check(t, 'xyz.com')).json();
    // US$250 × 18.50 = R4 625.00.
    expect(body).toMatchObject({ premium: true, originalPrice: 4625, price: 4625 });
  });

  it('turns a 429 and a 500 from the registrar into clear errors, not a hang', async () => {
    t.dnsimple.failNext(429);
    const busy = await check(t, 'busy-now.com');
    expect(busy.statusCode).toBe(429);
    expect(busy.json().error).toBe('The domain registrar is busy. Please try again in a minute.');
    t.dnsimple.failNext(500);
    const broken = await check(t, 'broken-now.com');
    expect(broken.statusCode).toBe(503);
    expect(broken.json().error).toBe(
      'The domain registrar is having problems. Please try again shortly.',
    );
  });

  it('registers a domain with a registrant contact', async () => {
    const result = await t.app.registrar.register({
      domain: 'fresh-name.com',
      years: 1,
      privacy: true,
      autoRenew: true,
      registrant: {
        firstName: 'Thandi',
        lastName: 'Nkosi',
        email: 'thandi@example.co.za',
        phone: '+27.825550101',
        address1: '12 Jan Smuts Ave',
        city: 'Johannesburg',
        stateProvince: 'Gauteng',
        postalCode: '2196',
        country: 'ZA',
      },
    });
    // DNSimple accepts it now and registers it later, for the ending's minimum period.
    expect(result).toMatchObject({ state: 'pending', years: 1 });
    expect(await t.app.registrar.registrationState('fresh-name.com', result.id)).toBe('done');
    expect(t.dnsimple.calls).toContain('POST /v2/4242/contacts');
    expect(t.dnsimple.registered.has('fresh-name.com')).toBe(true);
  });
});

describe('admin: registrar overview and TLD switches', () => {
  let t: DnsimpleTestApp;
  beforeAll(async () => {
    t = await createDnsimpleTestApp();
    t.dnsimple.addRegistered('legacy-client.com');
  });
  afterAll(() => t.close());

  it('shows the live provider, the account, domains held without an order, and the TLD table', async () => {
    const { signInAdmin } = await import('../../../../tests/helpers/admins.ts');
    const { cookie } = await signInAdmin(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/registrar',
      headers: { cookie },
    });
    expect(response.json()).toMatchObject({
      provider: 'dnsimple',
      account: { id: '4242', email: 'ops@example.co.za' },
      // hosted-only.com is a zone DNSimple hosts, not a registration: it is not held.
      reconciliation: {
        heldAtRegistrar: 1,
        unknownHere: [expect.objectContaining({ domain: 'legacy-client.com', lastOrder: null })],
        missingAtRegistrar: [],
        expiryDiffers: [],
      },
    });
    const coza = response.json().tlds.find((x: { tld: string }) => x.tld === 'co.za');
    expect(coza).toMatchObject({
      registrationCost: 95,
      customerPrice: 114,
      markupPercent: 20,
      enabled: true,
    });

    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/tlds/co.za',
      headers: { cookie },
      payload: { enabled: false },
    });
    expect(off.json()).toEqual({
      tld: 'co.za',
      enabled: false,
      route: null,
      registrar: 'dnsimple',
    });
    const refused = await check(t, 'now-disabled.co.za');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('We do not register .co.za names');
  });
});

describe('prices with VAT on top (VAT-registered supplier)', () => {
  let t: DnsimpleTestApp;
  beforeAll(async () => {
    t = await createDnsimpleTestApp({
      USD_ZAR_RATE: '18.50',
      SUPPLIER_VAT_NUMBER: '4123456789',
      SUPPLIER_ADDRESS: '1 Long Street, Cape Town, 8001',
    });
  });
  afterAll(() => t.close());

  it('marks up the cost excluding VAT, then adds VAT: SPEC §3 fields stay consistent', async () => {
    // US$14.50 × 18.50 = R268.25; originalPrice 268.25 × 1.15 = 308.49; price × 1.2 = 370.19.
    expect((await check(t, 'vat-on-top.com')).json()).toMatchObject({
      available: true,
      originalPrice: 308.49,
      price: 370.19,
      premium: false,
    });
    // Premium: US$250 × 18.50 = R4 625.00, + VAT = R5 318.75, no markup.
    expect((await check(t, 'abc.com')).json()).toMatchObject({
      originalPrice: 5318.75,
      price: 5318.75,
      premium: true,
    });
    const prices = (await t.app.inject({ method: 'GET', url: '/api/domain/prices' })).json();
    // .co.za: R95.00 → 109.25 with VAT → 131.10.
    expect(prices.find((p: { tld: string }) => p.tld === 'co.za')!.registration).toBe(131.1);
  });

  it('an ending the registrar does not sell: 400 "… can\'t be registered here", in DNSimple\'s words', async () => {
    const response = await check(t, 'ubuntu-bakery.co.za');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      "ubuntu-bakery.co.za can't be registered here (DNSimple refused: TLD .CO.ZA is not supported)",
    );
  });
});
