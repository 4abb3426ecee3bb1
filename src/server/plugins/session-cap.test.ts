import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#db/schema/index.ts';
import { sessionCookie, signUp } from '../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../tests/helpers/admins.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { hashToken } from '../lib/secure-token.ts';
import { maxSessionsPerAccount } from './sessions.ts';

/** At most a stated number of live sessions per account (issue 25 §4); the oldest ends. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let device = 0;
/** Signs in as a new device would (its own address, no cookie): the session cookie. */
async function signIn(url: string, email: string, password: string, name: string) {
  device += 1;
  const response = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.25.${Math.floor(device / 250)}.${(device % 250) + 1}`,
    headers: { origin: t.config.publicUrl },
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response, name);
}

const idOf = (cookie: string) => hashToken(cookie.slice(cookie.indexOf('=') + 1));

/** Marks a session as used `secondsAgo` (its last use decides which one ends first). */
const lastUsed = (cookie: string, secondsAgo: number) =>
  t.app.database.db
    .update(sessions)
    .set({ lastSeenAt: sql`now() - make_interval(secs => ${secondsAgo})` })
    .where(eq(sessions.id, idOf(cookie)));

describe('live sessions per account', () => {
  it('states the caps: 20 for a customer, 10 for an administrator', () => {
    expect(maxSessionsPerAccount).toEqual({ user: 20, admin: 10 });
  });

  it('lets a customer hold 20; the 21st sign-in ends the one used least recently', async () => {
    const customer = await signUp(t.app);
    const cookies = [customer.cookie];
    for (let i = 1; i < 20; i++) {
      cookies.push(await signIn('/api/login', customer.email, customer.password, 'sid'));
    }
    const me = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    for (const cookie of cookies) expect((await me(cookie)).statusCode).toBe(200);
    // Every session a minute older than the next; the first was used just now, so it stays.
    for (const [i, cookie] of cookies.entries()) await lastUsed(cookie, (20 - i) * 60);
    await lastUsed(cookies[0]!, 0);

    const newest = await signIn('/api/login', customer.email, customer.password, 'sid');
    expect((await me(newest)).statusCode).toBe(200);
    // The second was the least recently used: it ends at once, even in this process's cache.
    expect((await me(cookies[1]!)).statusCode).toBe(401);
    expect((await me(cookies[0]!)).statusCode).toBe(200);
    expect((await me(cookies[2]!)).statusCode).toBe(200);
    const live = await t.app.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, customer.user.id), eq(sessions.kind, 'user')));
    expect(live).toHaveLength(20);

    // Thirty more sign-ins still leave 20.
    for (let i = 0; i < 30; i++) {
      await signIn('/api/login', customer.email, customer.password, 'sid');
    }
    const after = await t.app.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, customer.user.id));
    expect(after).toHaveLength(20);
  });

  it('lets an administrator hold 10; the 11th sign-in ends the oldest', async () => {
    const first = await signInAdmin(t.app, { role: 'staff' });
    const cookies = [first.cookie];
    for (let i = 1; i < 10; i++) {
      cookies.push(await signIn('/api/admin/login', first.email, first.password, 'admin_sid'));
    }
    const status = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { cookie } });
    for (const cookie of cookies) expect((await status(cookie)).statusCode).toBe(200);
    for (const [i, cookie] of cookies.entries()) await lastUsed(cookie, (10 - i) * 60);

    await signIn('/api/admin/login', first.email, first.password, 'admin_sid');
    expect((await status(cookies[0]!)).statusCode).toBe(401);
    expect((await status(cookies[1]!)).statusCode).toBe(200);
    const live = await t.app.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.adminId, first.admin.id));
    expect(live).toHaveLength(10);
  });
});
