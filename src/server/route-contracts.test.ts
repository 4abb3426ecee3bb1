import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import type { RegisteredRoute } from './plugins/route-schemas.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The API, and the PayFast simulator that stands in for PayFast's own pages. */
const contractRoutes = () =>
  t.app.registeredRoutes.filter(
    (route) => route.url.startsWith('/api/') || route.url.startsWith('/payfast-simulator/'),
  );

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The error statuses a route can answer with whatever its handler does: any route can fail
 * (500) or find the database away (503); validated input can be invalid (400); a state-changing call can be unreadable (400),
 * come from another site (403), be too large (413) or be neither JSON nor a form (415);
 * a route in a user or admin scope refuses anyone else (401), and an admin scope also the wrong
 * role or an administrator still to set up a second factor (403); a rate-limited
 * route refuses too many calls (429).
 */
function requiredErrorStatuses(method: string, route: RegisteredRoute): number[] {
  const { schema, config, signIn } = route;
  const statuses = [500, 503];
  if (schema?.body || schema?.querystring || schema?.params) statuses.push(400);
  if (!readMethods.has(method)) {
    statuses.push(400, 403, 413, 415);
  }
  if (signIn) statuses.push(401);
  if (signIn === 'admin') statuses.push(403);
  if (config?.rateLimit) statuses.push(429);
  return [...new Set(statuses)].sort();
}

/** What is wrong with one route's `schema.response`, one line per problem. */
function contractProblems(method: string, route: RegisteredRoute): string[] {
  const name = `${method} ${route.url}`;
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!response) return [`${name}: no response schema`];
  const keys = Object.keys(response);
  const declares = (status: number) =>
    keys.includes(String(status)) || keys.includes(`${String(status)[0]}xx`);
  const problems: string[] = [];
  // A redirect (3xx) is a route's success answer too.
  if (!keys.some((key) => /^[23](\d\d|xx)$/.test(key))) problems.push(`${name}: no success answer`);
  for (const status of requiredErrorStatuses(method, route)) {
    if (!declares(status)) problems.push(`${name}: no schema for its ${status} answer`);
  }
  return problems;
}

describe('route contracts', () => {
  it('walks the whole API', () => {
    const urls = contractRoutes().map((route) => route.url);
    expect(urls.length).toBeGreaterThan(60);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/user',
        '/api/payments/payfast/notify',
        '/api/orders/:reference/invoice.pdf',
        '/api/admin/dashboard',
        '/payfast-simulator/eng/process',
      ]),
    );
  });

  it('knows which routes need someone signed in', () => {
    const signInOf = (url: string) => contractRoutes().find((route) => route.url === url)?.signIn;
    expect(signInOf('/api/user')).toBe('user');
    expect(signInOf('/api/admin/dashboard')).toBe('admin');
    expect(signInOf('/api/login')).toBeUndefined();
    expect(signInOf('/api/orders/:reference')).toBeUndefined();
  });

  it('every route declares its success answer and each error status it can produce', () => {
    const problems = contractRoutes().flatMap((route) =>
      route.methods.flatMap((method) => contractProblems(method, route)),
    );
    expect(problems).toEqual([]);
  });

  it('the refusals every state-changing call declares are real', async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/contact', headers, payload });
    const wrongType = await post({ 'content-type': 'text/xml' }, '<contact/>');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ error: expect.any(String), code: 'BAD_REQUEST' });
    const tooLarge = await post(
      { 'content-type': 'application/json' },
      JSON.stringify({ message: 'x'.repeat(1024 * 1024) }),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const unreadable = await post({ 'content-type': 'application/json' }, '{"name":');
    expect(unreadable.statusCode).toBe(400);
  });
});
