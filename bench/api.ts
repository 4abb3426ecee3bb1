import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';

/**
 * API throughput on this machine (DESIGN.md budget: p99 < 25 ms at 100 connections) for
 * `GET /api/user` signed in, beside a bare Fastify route measured the same way. Uses embedded
 * PGlite, or the PostgreSQL server in DATABASE_URL. Usage: npm run bench:api [-- seconds]
 */
const seconds = Number(process.argv[2] ?? 10);

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
});
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const registered = await fetch(`${base}/api/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    fullName: 'Bench Mark',
    email: `bench.${Date.now()}@example.co.za`,
    password: 'a long enough passphrase',
  }),
});
const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0]!;
if (registered.status !== 201 || !cookie.startsWith('sid=')) {
  throw new Error(`could not sign up for the benchmark: ${registered.status}`);
}

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ host: '127.0.0.1', port: 0 });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 100, duration: seconds, headers });
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(28)} ${Math.round(result.requests.average).toString().padStart(7)} req/s` +
      `  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms` +
      (non2xx ? `  (${non2xx} failed)` : ''),
  );
}

console.log(`100 connections, ${seconds} s each, database: ${app.database.kind}`);
await measure('bare Fastify route', bareUrl);
await measure('GET /api/user (signed in)', `${base}/api/user`, { cookie });
await bare.close();
await app.close();
