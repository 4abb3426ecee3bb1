import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '#db/schema/index.ts';
import { signUp } from '../../tests/helpers/accounts.ts';
import { createServerDatabase } from '../../tests/helpers/postgres.ts';
import type { AppInstance } from './app-instance.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

/**
 * Two app processes on one PostgreSQL server behave as one shop. Always on a PostgreSQL server
 * (TEST_DATABASE_URL, else the one these machines run): several processes cannot share the
 * embedded database. The counters are tried in Redis and in PostgreSQL.
 */
describe.each([
  ['PostgreSQL', {}],
  ['Redis', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }],
])('two app instances, rate-limit counters in %s', (_label, extraEnv: Record<string, string>) => {
  let first: AppInstance;
  let second: AppInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createServerDatabase();
    drop = database.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CLIENT_DIR: './tests/no-client-build',
      DATABASE_URL: database.url,
      ...extraEnv,
    });
    first = await buildApp(config, { logger: false });
    second = await buildApp(config, { logger: false });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });

  // Each test speaks from its own address, so Redis counters of earlier runs never interfere.
  const address = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

  it('runs every job once, whichever process queued it', async () => {
    const emails: string[] = [];
    for (let i = 0; i < 8; i++) emails.push((await signUp(i % 2 ? first : second)).email);
    const db = first.database.db;
    const mails = await db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails));
    expect(mails).toHaveLength(8);
    const ids = mails.map((mail) => mail.id);
    const until = Date.now() + 10_000;
    let rows = await db.select().from(jobs).where(eq(jobs.name, 'send-mail'));
    while (rows.some((row) => row.status !== 'done') && Date.now() < until) {
      await Promise.all([first.jobs.drain(), second.jobs.drain()]);
      rows = await db.select().from(jobs).where(eq(jobs.name, 'send-mail'));
    }
    const ours = rows.filter((row) => ids.includes(String(row.payload.mailId)));
    expect(ours).toHaveLength(8);
    expect(ours.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    const delivered = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(delivered.every((mail) => mail.status === 'stored' && mail.attempts === 1)).toBe(true);
  });

  it('shares rate limits: five contact messages an address, counted across both', async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await (i % 2 ? first : second).inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: from,
        payload: {
          name: 'Sipho Dlamini',
          email: 'sipho@example.co.za',
          subject: 'A question',
          message: 'Do you build online shops for small businesses?',
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it('shares the sign-in throttle: the 11th failure from one address is refused on either', async () => {
    const { email } = await signUp(first);
    const statuses: number[] = [];
    // The account and address pair is what blocks (a stranger elsewhere cannot lock its owner out).
    const from = address();
    for (let i = 0; i < 11; i++) {
      const response = await (i % 2 ? first : second).inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: from,
        payload: { email, password: 'not the password at all' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('refuses a session signed out on one process on the other within 2 seconds', async () => {
    const { cookie } = await signUp(first);
    const me = () => second.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);
    const out = await first.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const signedOutAt = Date.now();
    while ((await me()).statusCode === 200) {
      expect(Date.now() - signedOutAt).toBeLessThan(2000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await me()).statusCode).toBe(401);
  });
});
