import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { signUp } from '../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../tests/helpers/admins.ts';
import { jsonDepth, maxJsonDepth } from './input-guard.ts';
import { routeNames } from './route-schemas.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = () => ({ 'content-type': 'application/json' });

describe('strings that cannot be stored', () => {
  it('answers 400 with a clear error for a NUL byte in a JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: json(),
      payload: JSON.stringify({ name: 'Thabo\u0000', email: 'thabo@example.co.za' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error:
        'The request body (name) contains a character that is not allowed (a NUL byte or half of a surrogate pair)',
      code: 'VALIDATION_ERROR',
    });
  });

  it('answers 400 for an unpaired surrogate, escaped or in a nested field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: json(),
      payload: '{"fullName":"Lerato \\ud83d","email":"l@example.co.za","password":"x"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('(fullName)');
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: json(),
      payload: '{"items":[{"name":"\\udc00"}]}',
    });
    expect([400, 401]).toContain(nested.statusCode);
  });

  it('answers 400 for NUL in the query string and in a path parameter', async () => {
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/domain/check?domain=a%00b.co.za',
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toContain('The query string (domain)');
    const admin = await signInAdmin(t.app);
    const path = await t.app.inject({
      method: 'GET',
      url: '/api/admin/domain-orders/%00',
      headers: { cookie: admin.cookie },
    });
    expect(path.statusCode).toBe(400);
    expect(path.json().error).toContain('The address');
  });

  it('keeps real text: emoji (a proper surrogate pair) and accents pass', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/domain/check?domain=${encodeURIComponent('café-🙂.co.za')}`,
    });
    expect(response.statusCode).not.toBe(400);
    const { cookie } = await signUp(t.app, { fullName: 'Nomxolisi Ngcobo 🙂' });
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.json().fullName).toBe('Nomxolisi Ngcobo 🙂');
  });

  it('never answers 500 to a NUL byte on any state-changing route, signed in as anyone', async () => {
    const customer = await signUp(t.app);
    const admin = await signInAdmin(t.app);
    const routes = routeNames(t.app).filter((route) =>
      /^(POST|PUT|PATCH|DELETE) \/api\//.test(route),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['POST', string];
      const url = path.replace(/:[a-zA-Z]+/g, 'x\u0000');
      for (const cookie of [customer.cookie, admin.cookie]) {
        const response = await t.app.inject({
          method,
          url: encodeURI(url),
          headers: { ...json(), cookie },
          payload: JSON.stringify({ name: '\u0000', email: 'a\u0000@example.co.za', items: [] }),
        });
        expect(response.statusCode, `${route} answered ${response.body}`).toBeLessThan(500);
      }
    }
  });
});

describe('deeply nested JSON', () => {
  it('counts depth without recursion, ignoring brackets inside strings', () => {
    expect(jsonDepth('{"a":[{"b":"[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(jsonDepth('['.repeat(100_000))).toBe(100_000);
  });

  it('answers 400 to JSON nested 3,000 deep, on the notify route and elsewhere', async () => {
    // 6,000 bytes: under the notify route's 8 KB body limit, so the depth check is what answers.
    const deep = `${'['.repeat(3000)}${']'.repeat(3000)}`;
    for (const url of ['/api/payments/payfast/notify', '/api/contact', '/api/login']) {
      const response = await t.app.inject({ method: 'POST', url, headers: json(), payload: deep });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: `The JSON body is nested too deeply (more than ${maxJsonDepth} levels)`,
        code: 'VALIDATION_ERROR',
      });
    }
  });
});
