import { startBench } from './lib/bench-app.ts';

/**
 * A cached `GET /api/domain/check` (DESIGN.md budget: p99 < 25 ms at 100 connections) beside a
 * bare Fastify route. The benchmark's own address is on RATE_LIMIT_ALLOW, so the per-IP limit
 * does not turn the run into a measurement of 429s. Usage: npm run bench:domain-check [-- seconds]
 */
const bench = await startBench();
const url = `${bench.base}/api/domain/check?domain=ubuntu-bakery.co.za`;
const warm = await fetch(url);
if (!warm.ok) throw new Error(`the domain check failed: ${warm.status} ${await warm.text()}`);
await bench.measureBare();
await bench.measure('GET /api/domain/check (cached)', url);
await bench.close();
