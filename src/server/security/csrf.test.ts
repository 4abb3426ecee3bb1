import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { signUp } from '../../../tests/helpers/accounts.ts';
import { ownOrigins } from '../plugins/csrf-gate.ts';

/** Issue 25 §3: one CSRF gate, whatever the path's spelling, against PUBLIC_URL's origin. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.test' });
});
afterAll(() => t.close());

const stillSignedIn = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode;

const logout = (url: string, cookie: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, ...headers } });

const tickets = async () =>
  (await t.app.database.db.select({ n: count() }).from(supportTickets))[0]!.n;

const contact = {
  name: 'Mallory Evil',
  email: 'mallory@example.com',
  subject: 'Forged from another site',
  message: 'This message was posted by a page on another site, and must never arrive.',
};

describe('the CSRF gate', () => {
  it.each([
    ['a foreign Origin', '/api/logout', { origin: 'https://evil.example' }],
    ['a percent-encoded path', '/%61pi/logout', { origin: 'https://evil.example' }],
    ['an encoded slash in the path', '/api%2Flogout', { origin: 'https://evil.example' }],
    ['a mixed-case encoded path', '/%41PI/logout', { origin: 'https://evil.example' }],
    [
      'Origin equal to http:// + the Host header',
      '/api/logout',
      {
        origin: 'http://evil.example',
        host: 'evil.example',
      },
    ],
    ['Origin "null" (a sandboxed frame)', '/api/logout', { origin: 'null' }],
    [
      'Sec-Fetch-Site: same-site without an Origin',
      '/api/logout',
      {
        'sec-fetch-site': 'same-site',
      },
    ],
    [
      'Sec-Fetch-Site: same-origin alone (it never admits by itself)',
      '/api/logout',
      {
        'sec-fetch-site': 'same-origin',
      },
    ],
    [
      'our Origin with Sec-Fetch-Site: cross-site',
      '/api/logout',
      {
        origin: 'https://shop.test',
        'sec-fetch-site': 'cross-site',
      },
    ],
    [
      'a foreign Referer without an Origin',
      '/api/logout',
      {
        referer: 'https://evil.example/page',
      },
    ],
    ['an unreadable Referer', '/api/logout', { referer: 'not a url' }],
    ['our host on another scheme', '/api/logout', { origin: 'http://shop.test' }],
  ])('refuses %s with 403, and the session lives on', async (_name, url, headers) => {
    const { cookie } = await signUp(t.app);
    const response = await logout(url, cookie, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'This request came from another site and was refused',
      code: 'FORBIDDEN',
    });
    expect(await stillSignedIn(cookie)).toBe(200);
  });

  it('the router does find a percent-encoded path, so only the gate stands in the way', async () => {
    const { cookie } = await signUp(t.app);
    const own = await logout('/%61pi/logout', cookie, { origin: 'https://shop.test' });
    expect(own.statusCode).toBe(200);
    expect(await stillSignedIn(cookie)).toBe(401);
  });

  it('refuses a text/plain form body from another site before anything is written', async () => {
    const before = await tickets();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: JSON.stringify(contact),
    });
    expect(response.statusCode).toBe(403);
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/%61pi/contact',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: contact,
    });
    expect(encoded.statusCode).toBe(403);
    expect(await tickets()).toBe(before);
  });

  it('gates every state-changing method on every path, not only /api/', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/payfast-simulator/eng/process',
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode, method).toBe(403);
    }
  });

  it('admits the site itself: by Origin, or by Referer when the Origin is missing', async () => {
    const own = await signUp(t.app);
    const byOrigin = await logout('/api/logout', own.cookie, {
      origin: 'https://shop.test',
      'sec-fetch-site': 'same-origin',
    });
    expect(byOrigin.statusCode).toBe(200);
    const other = await signUp(t.app);
    const byReferer = await logout('/api/logout', other.cookie, {
      referer: 'https://shop.test/user/dashboard',
    });
    expect(byReferer.statusCode).toBe(200);
    expect(await stillSignedIn(other.cookie)).toBe(401);
  });

  it('admits a caller that is no browser (no Origin, Referer or Fetch Metadata): PayFast, curl', async () => {
    const { cookie } = await signUp(t.app);
    expect((await logout('/api/logout', cookie, {})).statusCode).toBe(200);
  });

  it('reads safe methods without asking where they came from', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the origins a site admits', () => {
  it('is PUBLIC_URL’s alone for a public site, whatever the Host header', () => {
    expect([...ownOrigins('https://www.sebenza.co.za')]).toEqual(['https://www.sebenza.co.za']);
  });

  it('adds the other loopback spellings, same scheme and port, for a loopback site', () => {
    const own = ownOrigins('http://localhost:5000');
    expect(own.has('http://127.0.0.1:5000')).toBe(true);
    expect(own.has('http://[::1]:5000')).toBe(true);
    expect(own.has('http://127.0.0.1:5001')).toBe(false);
    expect(own.has('https://localhost:5000')).toBe(false);
    expect(ownOrigins('http://192.168.1.20:5000').has('http://localhost:5000')).toBe(false);
  });
});
