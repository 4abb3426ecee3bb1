import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase, postgresServerUrl } from '../../../../tests/helpers/postgres.ts';
import type { AppInstance } from '../../app-instance.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';

/**
 * A database that turns read-only, is renamed or is dropped under a running app (issue 25 §5),
 * on a real PostgreSQL server: every route answers 503 SERVICE_UNAVAILABLE with Retry-After,
 * never 500, /api/health names what happened, and the app recovers by itself when it can.
 */
let app: AppInstance;
let name: string;
let drop: () => Promise<void>;
let admin: pg.Client;

/** Runs statements as the server's administrator, outside the app's database. */
const onServer = async (...statements: string[]) => {
  for (const statement of statements) await admin.query(statement);
};
/** Ends the app's connections to `database`, so the next ones see what changed. */
const endConnections = (database: string) =>
  onServer(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`,
  );

beforeAll(async () => {
  const database = await createServerDatabase({ prefix: 'gone' });
  ({ name, drop } = database);
  admin = new pg.Client({ connectionString: postgresServerUrl() });
  await admin.connect();
  app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CLIENT_DIR: './tests/no-client-build',
      DATABASE_URL: database.url,
      // Many calls from one address: the limits have their own tests.
      RATE_LIMIT_ALLOW: '127.0.0.1',
    }),
    { logger: false },
  );
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  await onServer(`DROP DATABASE IF EXISTS ${name}_moved WITH (FORCE)`).catch(() => {});
  await admin?.end();
});

const health = () => app.inject({ method: 'GET', url: '/api/health' });
const signIn = () =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { origin: 'http://localhost:5000' },
    payload: { email: 'someone@example.co.za', password: 'a password of some length' },
  });
const contact = () =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { origin: 'http://localhost:5000' },
    payload: {
      name: 'Lerato Dube',
      email: 'lerato@example.co.za',
      subject: 'A question',
      message: 'Do you build websites for bakeries in Soweto?',
    },
  });

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a database that changes under the running app', () => {
  it('starts healthy', async () => {
    expect((await health()).json()).toEqual({ status: 'ok', database: 'postgres' });
    expect((await contact()).statusCode).toBe(201);
  });

  it('read-only: writes answer 503 with Retry-After, reads work, health says read_only', async () => {
    await onServer(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
    await endConnections(name);
    // Connections ended under the pool may first answer as "down" (Retry-After 5): wait for the
    // answer a read-only database gets.
    await until(
      async () => (await contact()).headers['retry-after'] === '60',
      'a write refused as read-only',
    );
    const write = await contact();
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBe('60');
    expect(write.json()).toEqual({
      error: 'The service cannot save anything right now. Please try again in a few minutes.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect((await app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);
    const said = await health();
    expect(said.statusCode).toBe(200);
    expect(said.json()).toEqual({
      status: 'degraded',
      database: 'read_only',
      error: 'The database is read-only: nothing can be saved',
    });

    await onServer(`ALTER DATABASE ${name} RESET default_transaction_read_only`);
    await endConnections(name);
    await until(async () => (await contact()).statusCode === 201, 'a write after the fix');
    // No connection that died under a starting transaction is left taken for good.
    const pool = (app.database.db as unknown as { $client: pg.Pool }).$client;
    await until(async () => pool.totalCount === pool.idleCount, 'every connection back');
  });

  it('renamed: every route answers 503, health says missing, and both recover', async () => {
    // No new connection may slip in between ending them and the rename.
    await onServer(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    await endConnections(name);
    await onServer(
      `ALTER DATABASE ${name} RENAME TO ${name}_moved`,
      `ALTER DATABASE ${name}_moved WITH ALLOW_CONNECTIONS true`,
    );

    for (const answer of [
      await signIn(),
      await contact(),
      await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: 'sid=abc' } }),
    ]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('60');
      expect(answer.json()).toEqual({
        error: 'The service is unavailable. Please try again in a few minutes.',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    const said = await health();
    expect(said.statusCode).toBe(503);
    expect(said.json()).toEqual({
      status: 'unavailable',
      database: 'missing',
      error: 'The database does not exist (dropped or renamed)',
      code: 'SERVICE_UNAVAILABLE',
    });

    await onServer(`ALTER DATABASE ${name}_moved RENAME TO ${name}`);
    await until(async () => (await health()).statusCode === 200, 'recovery');
    // A connection the rename ended may still answer once as "down"; then sign-in works again.
    await until(async () => (await signIn()).statusCode !== 503, 'sign-in after recovery');
    expect((await signIn()).statusCode).toBe(401);
  });

  it('dropped: every route answers 503 and health says missing', async () => {
    await drop();
    const login = await signIn();
    expect(login.statusCode).toBe(503);
    expect(login.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(login.headers['retry-after']).toBe('60');
    expect((await health()).json()).toMatchObject({
      status: 'unavailable',
      database: 'missing',
    });
  });
});
