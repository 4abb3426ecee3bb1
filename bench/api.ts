import { startBench } from './lib/bench-app.ts';

/**
 * `GET /api/user` signed in (DESIGN.md budget: p99 < 25 ms at 100 connections) and the catalogue
 * reads (served from memory: at least half the bare route's requests/s, p99 < 25 ms) beside a bare
 * Fastify route, in the same run. Usage: npm run bench:api [-- seconds]
 */
const bench = await startBench();
const registered = await fetch(`${bench.base}/api/register`, {
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
await bench.measureBare();
await bench.measure('GET /api/user (signed in)', `${bench.base}/api/user`, { cookie });
await bench.measure('GET /api/services', `${bench.base}/api/services`);
await bench.measure('GET /api/services/buy-website', `${bench.base}/api/services/buy-website`);
await bench.measure('GET /api/domain/prices', `${bench.base}/api/domain/prices`);
await bench.close();
