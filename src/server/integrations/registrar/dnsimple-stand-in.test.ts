import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dnsimpleFixture,
  dnsimpleFixtureData,
} from '../../../../tests/helpers/dnsimple-fixtures.ts';
import { startDnsimpleStandIn } from '../../../../tests/stubs/dnsimple-stand-in.ts';

/**
 * The test stand-in must answer as DNSimple does, or the tests that use it prove nothing: its
 * answers are compared here with the fields of the HTTP fixtures published with DNSimple's
 * official client (tests/fixtures/dnsimple, read as they are).
 */
const fieldsOf = (name: string) => Object.keys(dnsimpleFixtureData(name)).sort();
const fixtureFields = {
  registration: fieldsOf('registerDomain/success'),
  renewal: fieldsOf('renewDomain/success'),
  transfer: fieldsOf('transferDomain/success'),
  transferState: fieldsOf('getDomainTransfer/success'),
  domain: fieldsOf('getDomain/success'),
  pagination: Object.keys(
    (JSON.parse(dnsimpleFixture('listDomains/success').body) as { pagination: object }).pagination,
  ).sort(),
};

let standIn: Awaited<ReturnType<typeof startDnsimpleStandIn>>;
const call = (method: string, path: string, body?: object) =>
  fetch(`${standIn.baseUrl}/v2/77${path}`, {
    method,
    headers: { authorization: 'Bearer stand-in-token', 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });

beforeAll(async () => {
  standIn = await startDnsimpleStandIn({ token: 'stand-in-token', accountId: 77 });
});
afterAll(() => standIn.close());

describe('the DNSimple stand-in answers like DNSimple', () => {
  it('accepts a registration as "new" and finishes it only when polled', async () => {
    const response = await call('POST', '/registrar/domains/shape-check.com/registrations', {
      registrant_id: 5,
    });
    expect(response.status).toBe(201);
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      expect(response.headers.get(header)).toMatch(/^\d+$/);
    }
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(Object.keys(data).sort()).toEqual(fixtureFields.registration);
    expect(data).toMatchObject({ state: 'new', period: 1 });
    const domain = (await (await call('GET', '/domains/shape-check.com')).json()) as {
      data: Record<string, unknown>;
    };
    expect(Object.keys(domain.data).sort()).toEqual(fixtureFields.domain);
    // A registration under way is a zone with its registrant (DNSimple's domain states are
    // `hosted`, `registered` and `expired`).
    expect(domain.data).toMatchObject({ state: 'hosted', registrant_id: 5, expires_on: null });
    const polled = (await (
      await call('GET', `/registrar/domains/shape-check.com/registrations/${String(data.id)}`)
    ).json()) as { data: { state: string } };
    expect(polled.data.state).toBe('registered');
  });

  it('renews as "new" too', async () => {
    const response = await call('POST', '/registrar/domains/shape-check.com/renewals', {
      period: 2,
    });
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(Object.keys(data).sort()).toEqual(fixtureFields.renewal);
    expect(data).toMatchObject({ state: 'new', period: 2 });
  });

  it("gives a new zone DNSimple's SOA and NS system records, paginated", async () => {
    const body = (await (await call('GET', '/zones/shape-check.com/records')).json()) as {
      data: { type: string; system_record: boolean }[];
      pagination: Record<string, number>;
    };
    expect(body.data.map((r) => r.type)).toEqual(['SOA', 'NS', 'NS', 'NS', 'NS']);
    expect(body.data.every((r) => r.system_record)).toBe(true);
    expect(Object.keys(body.pagination).sort()).toEqual(fixtureFields.pagination);
    const page = (await (await call('GET', '/domains?per_page=1&page=2')).json()) as {
      data: unknown[];
      pagination: Record<string, number>;
    };
    expect(page.data).toHaveLength(1);
    expect(page.pagination).toMatchObject({ current_page: 2, per_page: 1, total_pages: 2 });
  });

  it('refuses a premium registration without its premium_price, in the { message, errors } shape', async () => {
    const response = await call('POST', '/registrar/domains/abc.com/registrations', {
      registrant_id: 5,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toContain('premium');
    expect(body.errors.premium_price).toEqual(['is required for premium domains']);
    const priced = await call('POST', '/registrar/domains/abc.com/registrations', {
      registrant_id: 5,
      premium_price: '250',
    });
    expect(priced.status).toBe(201);
  });

  it("answers an ending it does not sell as DNSimple's fixture does", async () => {
    const response = await call('GET', '/registrar/domains/example.love/check');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'TLD .LOVE is not supported' });
  });

  it('fails with an HTML page on a 5xx, as the edge in front of the API does', async () => {
    standIn.failNext(502);
    const response = await call('GET', '/domains');
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(await response.text()).toContain('<title>502 Bad Gateway</title>');
  });

  it('transfers in as "transferring", then "transferred" or "cancelled" when polled', async () => {
    const noCode = await call('POST', '/registrar/domains/moving.com/transfers', {
      registrant_id: 5,
    });
    expect(noCode.status).toBe(400);
    // transferDomain/error-missing-authcode.http
    expect(await noCode.json()).toEqual({
      message: 'Validation failed',
      errors: { base: ['You must provide an authorization code for the domain'] },
    });
    standIn.registerElsewhere('moving.com');
    standIn.registerElsewhere('refused.com');
    standIn.cancelTransferOf('refused.com');
    for (const [name, outcome] of [
      ['moving.com', 'transferred'],
      ['refused.com', 'cancelled'],
    ] as const) {
      const response = await call('POST', `/registrar/domains/${name}/transfers`, {
        registrant_id: 5,
        auth_code: 'Ab3$xYz9',
      });
      expect(response.status).toBe(201);
      const { data } = (await response.json()) as { data: Record<string, unknown> };
      expect(Object.keys(data).sort()).toEqual(fixtureFields.transfer);
      expect(data.state).toBe('transferring');
      const polled = (await (
        await call('GET', `/registrar/domains/${name}/transfers/${String(data.id)}`)
      ).json()) as { data: Record<string, unknown> };
      expect(Object.keys(polled.data).sort()).toEqual(fixtureFields.transferState);
      expect(polled.data.state).toBe(outcome);
    }
    // transferDomain/error-indnsimple.http
    const again = await call('POST', '/registrar/domains/moving.com/transfers', {
      registrant_id: 5,
      auth_code: 'Ab3$xYz9',
    });
    expect(await again.json()).toEqual({
      message: 'The domain moving.com is already in DNSimple and cannot be added',
    });
  });
});
