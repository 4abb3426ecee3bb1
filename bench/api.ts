import { startBench } from './lib/bench-app.ts';
import { serverProcess } from './lib/server-process.ts';

/**
 * `GET /api/user` signed in (DESIGN.md budget: p99 < 25 ms at 100 connections) and the catalogue
 * reads (served from memory: at least half the bare route's requests/s, p99 < 25 ms) beside a bare
 * Fastify route, in the same run. With DATABASE_URL, the same reads again from the real server
 * process with one worker and with two (WEB_CONCURRENCY). Usage: npm run bench:api [-- seconds]
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

if (process.env.DATABASE_URL) {
  for (const workers of [1, 2]) {
    const server = await serverProcess({
      name: `api-${workers}`,
      // No payment is made: the validate address is never called.
      validateUrl: 'http://127.0.0.1:9/',
      env: {
        WEB_CONCURRENCY: String(workers),
        APP_SECRET: 'bench-secret-bench-secret-bench-secret',
      },
    });
    await server.start();
    // /api/health answers once the first worker listens; the others follow within a second or two.
    await new Promise((done) => setTimeout(done, 3000));
    const signUp = await server.post(
      '/api/register',
      JSON.stringify({
        fullName: 'Bench Workers',
        email: `bench.workers.${Date.now()}@example.co.za`,
        password: 'a long enough passphrase',
      }),
      'application/json',
    );
    const workerCookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0]!;
    const label = `${workers} worker${workers > 1 ? 's' : ''}`;
    await bench.measure(`GET /api/user, ${label}`, `${server.base}/api/user`, {
      cookie: workerCookie,
    });
    await bench.measure(`GET /api/services, ${label}`, `${server.base}/api/services`);
    await server.close();
  }
}
