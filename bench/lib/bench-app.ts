import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { benchAppSecret } from './server-process.ts';

/**
 * The app on 127.0.0.1 (embedded PGlite, or DATABASE_URL) beside a bare Fastify route, and a
 * `measure` that drives a URL with autocannon at 100 connections and prints req/s, p50, p99.
 * Every request says it accepts brotli and gzip, as every browser does.
 */
export async function startBench() {
  const seconds = Number(process.argv[2] ?? 10);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    RATE_LIMIT_ALLOW: '127.0.0.1',
    APP_SECRET: benchAppSecret,
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

  async function measure(
    title: string,
    url: string,
    headers: Record<string, string> = {},
    request: { method?: 'GET' | 'POST'; body?: string } = {},
  ) {
    const result = await autocannon({
      url,
      connections: 100,
      duration: seconds,
      headers: { 'accept-encoding': 'gzip, deflate, br', ...headers },
      ...request,
    });
    const failed = result.non2xx + result.errors;
    console.log(
      `${title.padEnd(34)} ${Math.round(result.requests.average).toString().padStart(7)} req/s` +
        `  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms` +
        (failed ? `  (${failed} failed)` : ''),
    );
  }

  /** Registers the bench's customer and answers their session cookie. */
  async function signUpCustomer(): Promise<string> {
    const register = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        fullName: 'Bench Customer',
        email: 'bench@example.co.za',
        password: 'bench passphrase 1',
      },
    });
    return `sid=${register.cookies.find((c) => c.name === 'sid')!.value}`;
  }

  console.log(`100 connections, ${seconds} s each, database: ${app.database.kind}`);
  return {
    base,
    app,
    measure,
    signUpCustomer,
    measureBare: () => measure('bare Fastify route', bareUrl),
    async close() {
      await bare.close();
      await app.close();
    },
  };
}
