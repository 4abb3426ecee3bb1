import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { startBench } from './lib/bench-app.ts';
import { signInAdmin } from '../tests/helpers/admins.ts';

/**
 * `GET /api/admin/customers` on a seeded book: each kind of search (name, e-mail, phone typed
 * another way, company, an exact order reference, a filter) run one after the other, with its
 * p50 and p99. Seeds with `generate_series` (embedded PGlite, or DATABASE_URL for the
 * PostgreSQL figure the issue asks for). Usage:
 * npm run bench:customer-search [-- customers ordersPerCustomer runs]
 */
const customers = Number(process.argv[2] ?? 100_000);
const ordersEach = Number(process.argv[3] ?? 10);
const runs = Number(process.argv[4] ?? 50);
process.argv[2] = '1';
process.env.ADMIN_REQUIRE_2FA = 'false';
const bench = await startBench();
const { app } = bench;
const { db } = app.database;

let started = performance.now();
await db.execute(sql`
  insert into users (email, full_name, phone, company, created_at)
  select 'bench' || n || '@example.co.za', 'Bench Customer ' || n,
         '+27 82 ' || lpad(n::text, 7, '0'), 'Company ' || (n % 5000),
         now() - (n || ' minutes')::interval
  from generate_series(1, ${customers}) as n`);
await db.execute(sql`
  insert into orders (reference, user_id, status, subtotal_cents, vat_cents, total_cents)
  select 'BENCH-' || u.n || '-' || o.k, u.id,
         case when o.k = 1 and u.n % 7 = 0 then 'pending_payment' else 'paid' end,
         8696, 1304, 10000
  from (select id, row_number() over (order by created_at) as n from users
        where email like 'bench%') as u,
       generate_series(1, ${ordersEach}) as o(k)`);
await db.execute(sql`analyze`);
console.log(
  `seeded ${customers} customers and ${customers * ordersEach} orders in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s (${app.database.kind})`,
);

const owner = await signInAdmin(app);
const middle = Math.ceil(customers / 2);
const searches: [string, string][] = [
  ['newest first, no search', ''],
  ['name', `q=${encodeURIComponent(`Customer ${middle}`)}`],
  ['e-mail', `q=${encodeURIComponent(`bench${middle}@example.co.za`)}`],
  ['phone typed with a 0', `q=${encodeURIComponent(`082 ${String(middle).padStart(7, '0')}`)}`],
  ['company', 'q=Company%204242'],
  ['order reference (exact)', `q=BENCH-${middle}-3`],
  ['has unpaid orders', 'filter=unpaid'],
];
for (const [title, query] of searches) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    started = performance.now();
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/customers?${query}`,
      headers: { cookie: owner.cookie },
    });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${title}: ${response.statusCode}`);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  console.log(
    `${title.padEnd(26)} p50 ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms  (${runs} runs)`,
  );
}
await bench.close();
