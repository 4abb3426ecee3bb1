import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase, postgresServerUrl } from '../../../../tests/helpers/postgres.ts';
import type { AppInstance } from '../../app-instance.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';

/**
 * A TCP hop between the app and PostgreSQL that the test can cut and restore, as a database
 * restart or a network fault would.
 */
function databaseLink(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server?.listening) return resolve();
      server.close(() => resolve());
    });
  return { open, cut, port: () => port };
}

describe('with the database unreachable', () => {
  let app: AppInstance;
  let drop: () => Promise<void>;
  const link = databaseLink(new URL(postgresServerUrl()));

  beforeAll(async () => {
    const database = await createServerDatabase();
    drop = database.drop;
    await link.open();
    const url = new URL(database.url);
    url.host = `127.0.0.1:${link.port()}`;
    app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        CLIENT_DIR: './tests/no-client-build',
        DATABASE_URL: url.toString(),
      }),
      { logger: false },
    );
  });
  afterAll(async () => {
    await app?.close();
    await link.cut();
    await drop?.();
  });

  it('answers 503 on every route and on /api/health, and recovers by itself', async () => {
    const health = () => app.inject({ method: 'GET', url: '/api/health' });
    expect((await health()).statusCode).toBe(200);

    await link.cut();
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    const services = await app.inject({ method: 'GET', url: '/api/services' });
    expect(services.statusCode).toBe(503);
    expect(services.json()).toEqual({
      error: 'The service is briefly unavailable. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(services.headers['retry-after']).toBe('5');
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'someone@example.co.za', password: 'a password of some length' },
    });
    expect(login.statusCode).toBe(503);

    await link.open();
    const until = Date.now() + 10_000;
    while ((await health()).statusCode !== 200 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await health()).json()).toEqual({ status: 'ok', database: 'postgres' });
    expect((await app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);
  });
});
