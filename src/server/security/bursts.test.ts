import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { loginFailures } from '#db/schema/index.ts';
import { signUp } from '../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../tests/helpers/admins.ts';
import { createServerDatabase } from '../../../tests/helpers/postgres.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { totpFor } from '../features/admin-auth/two-factor.service.ts';
import { linkAttemptLimit, reserveLoginAttempt } from '../lib/login-throttle.ts';

/**
 * Sign-in limits under bursts (issue 25 §2): every attempt takes its place in the counter before
 * its secret is checked, so 200 sent at once are checked at most `limit` times and the rest
 * answer 429 without a look at the secret.
 */

const publicUrl = 'http://shop.test';
/** Each burst comes from its own address, kept out of the per-route rate limits so only the
 * sign-in throttle stands in the way. */
const addresses = ['203.0.113.61', '203.0.113.62', '203.0.113.63', '203.0.113.64', '203.0.113.65'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: publicUrl, RATE_LIMIT_ALLOW: addresses.join(',') });
});
afterAll(() => t.close());

const burstSize = 200;
const pairLimit = 10;

const post = (url: string, remoteAddress: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { origin: publicUrl, ...(cookie ? { cookie } : {}) },
    payload,
  });

/** Fires `burstSize` requests at once; how many answered with each status. */
async function burst(send: (i: number) => ReturnType<typeof post>) {
  const responses = await Promise.all(Array.from({ length: burstSize }, (_, i) => send(i)));
  const statuses = new Map<number, number>();
  for (const response of responses) {
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  }
  const refused = responses.filter((response) => response.statusCode === 429);
  return { responses, statuses, refused };
}

const randomToken = () => randomBytes(32).toString('base64url');

/** An administrator with an authenticator app: email, password and the app's secret. */
async function adminWithTwoFactor() {
  const { email, password, cookie } = await signInAdmin(t.app);
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/admin/two-factor/setup',
    headers: { cookie, origin: publicUrl },
  });
  const { secret } = setup.json<{ secret: string }>();
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/admin/two-factor/confirm',
    headers: { cookie, origin: publicUrl },
    payload: { code: totpFor(secret).generate() },
  });
  expect(confirmed.statusCode).toBe(200);
  return { email, password, secret };
}

describe('bursts of wrong secrets stop at the limit', () => {
  it(`${burstSize} wrong customer passwords on one account from one address: ${pairLimit} checked`, async () => {
    const { email, password } = await signUp(t.app);
    const ip = addresses[0]!;
    const { statuses, refused } = await burst((i) =>
      post('/api/login', ip, { email, password: `wrong guess number ${i}` }),
    );
    expect(statuses.get(401)).toBe(pairLimit);
    expect(statuses.get(429)).toBe(burstSize - pairLimit);
    expect(refused[0]!.json()).toEqual({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(
        /^Too many failed sign-in attempts\. Please try again in 1[45] minutes\.$/,
      ),
    });
    // Each checked attempt stays counted once; the refused ones left nothing behind.
    const pair = await t.app.database.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, `pair:${email}|${ip}`));
    expect(pair).toHaveLength(pairLimit);
    // The pair is blocked, the account is not: its owner signs in from elsewhere.
    expect((await post('/api/login', ip, { email, password })).statusCode).toBe(429);
    expect((await post('/api/login', '198.51.100.20', { email, password })).statusCode).toBe(200);
  });

  it(`${burstSize} wrong TOTP codes after the right administrator password: ${pairLimit} checked`, async () => {
    const { email, password, secret } = await adminWithTwoFactor();
    const now = Date.now();
    const live = new Set(
      [-30_000, 0, 30_000, 60_000].map((shift) =>
        totpFor(secret).generate({ timestamp: now + shift }),
      ),
    );
    const wrongCodes = Array.from({ length: 1000 }, (_, i) => String(100000 + i * 7)).filter(
      (code) => !live.has(code),
    );
    const { statuses, responses, refused } = await burst((i) =>
      post('/api/admin/login', addresses[1]!, { email, password, code: wrongCodes[i] }),
    );
    expect(statuses.get(401)).toBe(pairLimit);
    expect(statuses.get(429)).toBe(burstSize - pairLimit);
    const checked = responses.filter((response) => response.statusCode === 401);
    for (const response of checked) {
      expect(response.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    }
    expect(refused[0]!.json().error).toMatch(
      /^Too many failed sign-in attempts\. Please try again/,
    );
  });

  it(`${burstSize} wrong recovery codes after the right administrator password: ${pairLimit} checked`, async () => {
    const { email, password } = await adminWithTwoFactor();
    const { statuses, responses } = await burst((i) =>
      post('/api/admin/login', addresses[2]!, {
        email,
        password,
        code: `wrong-${String(i).padStart(5, 'x')}`,
      }),
    );
    expect(statuses.get(401)).toBe(pairLimit);
    expect(statuses.get(429)).toBe(burstSize - pairLimit);
    for (const response of responses.filter((r) => r.statusCode === 401)) {
      expect(response.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    }
  });

  it(`${burstSize} wrong password-reset tokens from one address: ${linkAttemptLimit} checked`, async () => {
    const { statuses, responses, refused } = await burst(() =>
      post('/api/reset-password', addresses[3]!, {
        token: randomToken(),
        password: 'a brand new passphrase',
      }),
    );
    expect(statuses.get(400)).toBe(linkAttemptLimit);
    expect(statuses.get(429)).toBe(burstSize - linkAttemptLimit);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    }
    expect(refused[0]!.json()).toEqual({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(
        /^Too many failed password-reset attempts\. Please try again in 1[45] minutes\.$/,
      ),
    });
  });

  it(`${burstSize} wrong invitation tokens from one address (look-up and accept): ${linkAttemptLimit} checked`, async () => {
    const { statuses, responses, refused } = await burst((i) =>
      i % 2
        ? post('/api/admin/invitations/lookup', addresses[4]!, { token: randomToken() })
        : post('/api/admin/invitations/accept', addresses[4]!, {
            token: randomToken(),
            name: 'Not Invited',
            password: 'a brand new passphrase',
          }),
    );
    expect(statuses.get(400)).toBe(linkAttemptLimit);
    expect(statuses.get(429)).toBe(burstSize - linkAttemptLimit);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(response.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    }
    expect(refused[0]!.json().error).toMatch(
      /^Too many failed invitation attempts\. Please try again in 1[45] minutes\.$/,
    );
  });
});

describe('the reservation itself', () => {
  it(`takes exactly ${pairLimit} places out of ${burstSize} reserved at once, over every connection`, async () => {
    const { db } = t.app.database;
    const email = `burst.${Date.now()}@example.co.za`;
    const results = await Promise.allSettled(
      Array.from({ length: burstSize }, () => reserveLoginAttempt(db, 'user', email, '192.0.2.77')),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(pairLimit);
    const rows = await db
      .select()
      .from(loginFailures)
      .where(like(loginFailures.key, `%${email}%`));
    expect(rows).toHaveLength(2 * pairLimit);
  });

  it('holds across two pools on one PostgreSQL database, as two app processes would', async () => {
    // Always on a PostgreSQL server (PGlite is one connection): a database of its own.
    const server = await createServerDatabase();
    const first = openDatabase({ databaseUrl: server.url, dataDir: 'memory://' });
    const second = openDatabase({ databaseUrl: server.url, dataDir: 'memory://' });
    try {
      await first.migrate();
      const email = `two-pools.${Date.now()}@example.co.za`;
      const results = await Promise.allSettled(
        Array.from({ length: burstSize }, (_, i) =>
          reserveLoginAttempt((i % 2 ? first : second).db, 'admin', email, '192.0.2.79'),
        ),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(pairLimit);
    } finally {
      await first.close();
      await second.close();
      await server.drop();
    }
  });

  it('gives back the places of attempts that succeed, so an address is never blocked by them', async () => {
    const { db } = t.app.database;
    const ip = '192.0.2.78';
    for (let i = 0; i < 40; i += 1) {
      const attempt = await reserveLoginAttempt(db, 'admin', `user${i}@example.co.za`, ip);
      await attempt.succeeded();
    }
    const left = await db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, `admin:ip:${ip}`));
    expect(left).toHaveLength(0);
  });
});
