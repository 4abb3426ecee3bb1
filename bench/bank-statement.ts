import { performance } from 'node:perf_hooks';
import { startBench } from './lib/bench-app.ts';
import { signInAdmin } from '../tests/helpers/admins.ts';

/**
 * `POST /api/admin/bank-statements`: how long a month's statement takes to import, and to
 * import again (every line found recorded already), and the reconciliation after it. The
 * statement has one money-in line per order awaiting a transfer (a third of them paid in two
 * parts), bank fees going out, deposits naming no order, and lines naming an unknown order.
 * Usage: npm run bench:bank-statement [-- orders]
 */
const orderCount = Number(process.argv[2] ?? 300);
process.argv[2] = '1';
// The owner signs in with a password only: a second factor is not what this measures.
process.env.ADMIN_REQUIRE_2FA = 'false';
const bench = await startBench();
const { app } = bench;
const cookie = await bench.signUpCustomer();
const owner = await signInAdmin(app);
const today = new Date().toISOString().slice(0, 10);

const lines: string[] = ['Date,Description,Amount'];
for (let i = 0; i < orderCount; i++) {
  const order = (
    await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { items: [{ type: 'package', packageId: 'website-starter' }] },
      headers: { cookie },
    })
  ).json<{ reference: string; total: number }>();
  await app.inject({
    method: 'POST',
    url: `/api/orders/${order.reference}/eft`,
    headers: { cookie },
  });
  if (i % 3 === 0) {
    const half = Math.round(order.total * 50) / 100;
    lines.push(`${today},DEPOSIT ${order.reference} PART 1,${half.toFixed(2)}`);
    lines.push(`${today},DEPOSIT ${order.reference} PART 2,${(order.total - half).toFixed(2)}`);
  } else {
    lines.push(`${today},EFT ${order.reference.replace('-', ' ')},${order.total.toFixed(2)}`);
  }
  if (i % 10 === 0) lines.push(`${today},MONTHLY FEE,-65.00`);
  if (i % 20 === 0) lines.push(`${today},CASH DEPOSIT BRANCH,500.00`);
  if (i % 25 === 0) lines.push(`${today},PAYMENT SO-ZZZZZZ,120.00`);
}
await app.jobs.drain();
const csv = lines.join('\n');

async function timed(title: string, run: () => Promise<{ statusCode: number; body: string }>) {
  const start = performance.now();
  const response = await run();
  const ms = performance.now() - start;
  if (response.statusCode !== 200)
    throw new Error(`${title}: ${response.statusCode} ${response.body}`);
  console.log(`${title.padEnd(40)} ${Math.round(ms).toString().padStart(7)} ms`);
  return { ms, body: JSON.parse(response.body) as Record<string, unknown[] | number> };
}
const importIt = () =>
  app.inject({
    method: 'POST',
    url: '/api/admin/bank-statements',
    headers: { cookie: owner.cookie },
    payload: { csv },
  });
console.log(`${lines.length - 1} statement lines for ${orderCount} orders`);
const first = await timed('import (records and pays)', importIt);
const recorded = (first.body.recorded as unknown[]).length;
console.log(
  `  recorded ${recorded}, left for a person ${(first.body.needsAPerson as unknown[]).length}, skipped ${String(first.body.skipped)}; ${Math.round((recorded / first.ms) * 1000)} recorded lines/s`,
);
await app.jobs.drain();
const again = await timed('import again (nothing new)', importIt);
console.log(`  already recorded ${(again.body.alreadyRecorded as unknown[]).length}`);
const books = await timed('reconciliation after it', () =>
  app.inject({
    method: 'GET',
    url: '/api/admin/reconciliation',
    headers: { cookie: owner.cookie },
  }),
);
console.log(`  balanced: ${String((books.body as unknown as { balanced: boolean }).balanced)}`);
await bench.close();
