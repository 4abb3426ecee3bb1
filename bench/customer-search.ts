import { performance } from 'node:perf_hooks';
import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import { domainOrders, orders, users } from '#db/schema/index.ts';
import { startBench } from './lib/bench-app.ts';
import { signInAdmin } from '../tests/helpers/admins.ts';
import { createServerDatabase, postgresServerUrl } from '../tests/helpers/postgres.ts';

/**
 * `GET /api/admin/customers` on PostgreSQL at the size (100,000 customers, 1,000,000
 * orders, a payment for each customer's first order, a domain for one in five): each kind of
 * search, one after the other, with its p50, p95 and p99. The bench creates a database of its own
 * on the server DATABASE_URL names (else the local one, as the tests use) and drops it at the end;
 * it seeds with `generate_series`. Usage:
 * npm run bench:customer-search [-- customers ordersPerCustomer runs]
 */
const customers = Number(process.argv[2] ?? 100_000);
const ordersEach = Number(process.argv[3] ?? 10);
const runs = Number(process.argv[4] ?? 100);
// startBench reads argv[2] as its autocannon seconds; this bench drives requests itself.
process.argv[2] = '1';
const scratch = await createServerDatabase({
  serverUrl: process.env.DATABASE_URL ?? postgresServerUrl(),
  prefix: 'bench_customers',
});
process.env.DATABASE_URL = scratch.url;
process.env.ADMIN_REQUIRE_2FA = 'false';
const bench = await startBench();

try {
  const { db } = bench.app.database;
  let started = performance.now();
  // Names, companies and domains repeat as they do in a real book (about 80 customers share a
  // full name); e-mail addresses, phone numbers and references are unique. References are
  // scattered (an odd multiplier modulo 2^32 is one-to-one) like the random ones the shop issues.
  await db.execute(sql`
    insert into users (email, full_name, phone, company, email_verified_at, created_at)
    select lower(f.first) || '.' || lower(f.last) || n || '@example.co.za',
           f.first || ' ' || f.last,
           '+27 ' || (array['82', '83', '72', '61'])[1 + n % 4] || ' '
             || lpad(((n * 7919) % 10000000)::text, 7, '0'),
           case when n % 3 > 0 then f.last || ' ' || (array['Bakery', 'Plumbing', 'Catering',
             'Logistics', 'Attorneys', 'Motors', 'Salon', 'Builders'])[1 + n % 8] end,
           now(), now() - (n || ' minutes')::interval
    from generate_series(1, ${customers}) as n,
         lateral (select (array['Thandi', 'Sipho', 'Lerato', 'Johan', 'Ayesha', 'Pieter',
           'Nomsa', 'Bongani', 'Fatima', 'Kagiso', 'Anele', 'Riaan', 'Zanele', 'Themba',
           'Palesa', 'Mandla', 'Naledi', 'Werner', 'Priya', 'Sibusiso', 'Karabo', 'Lindiwe',
           'Tshepo', 'Chantel', 'Mpho', 'Dineo', 'Hendrik', 'Refilwe', 'Lwazi', 'Busisiwe'])
             [1 + n % 30] as first,
           (array['Mokoena', 'Dlamini', 'Nkosi', 'Van der Merwe', 'Naidoo', 'Botha', 'Khumalo',
           'Ndlovu', 'Pillay', 'Mahlangu', 'Pretorius', 'Sithole', 'Mthembu', 'Zulu', 'Molefe',
           'Venter', 'Govender', 'Mabaso', 'Coetzee', 'Shabalala', 'Jacobs', 'Maseko', 'Nel',
           'Hadebe', 'Mokwena', 'Radebe', 'Steyn', 'Ngcobo', 'Kruger', 'Moloi', 'Adams',
           'Cele', 'Fourie', 'Buthelezi', 'Smit', 'Mkhize', 'Swart', 'Tshabalala', 'Pieterse',
           'Mazibuko'])[1 + (n / 30) % 40] as last) as f`);
  const numbered = sql`(select id, row_number() over (order by created_at desc) as n
                        from users where email like '%@example.co.za') as u`;
  await db.execute(sql`
    insert into orders (reference, user_id, status, subtotal_cents, vat_cents, total_cents,
                        created_at)
    select 'SO-' || upper(lpad(to_hex(((u.n - 1) * ${ordersEach} + o.k) * 2654435761
                                      % 4294967296), 8, '0')),
           u.id, case when o.k = 1 and u.n % 7 = 0 then 'pending_payment' else 'paid' end,
           8696, 1304, 10000, now() - (o.k || ' days')::interval
    from ${numbered}, generate_series(1, ${ordersEach}) as o(k)`);
  await db.execute(sql`
    insert into payments (reference, order_id, status, amount_cents, fields)
    select 'PAY-' || upper(lpad(to_hex(n * 2246822519 % 4294967296), 8, '0')), id, 'paid',
           10000, '[]'
    from (select distinct on (user_id) id, row_number() over () as n from orders
          order by user_id, created_at) as first_orders`);
  await db.execute(sql`
    insert into domain_orders (user_id, domain, years, status, price_cents,
                               registrar_cost_cents, registrant, registrar)
    select u.id, 'shop' || u.n || '.co.za', 1, 'active', 9900, 7500, '{}', 'local'
    from ${numbered} where u.n % 5 = 0`);
  await db.execute(sql`vacuum analyze`);
  console.log(
    `seeded ${customers} customers, ${customers * ordersEach} orders, ${customers} payments and ` +
      `${Math.floor(customers / 5)} domains in ${((performance.now() - started) / 1000).toFixed(1)} s` +
      ` (${bench.app.database.kind})`,
  );

  // Someone in the middle of the book, searched for the way the team would.
  const [middle] = await db
    .select({
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      company: users.company,
      reference: orders.reference,
      domain: domainOrders.domain,
    })
    .from(users)
    .innerJoin(orders, eq(orders.userId, users.id))
    .innerJoin(domainOrders, eq(domainOrders.userId, users.id))
    .where(isNotNull(users.company))
    .orderBy(desc(users.createdAt))
    .offset(Math.floor(customers / 2))
    .limit(1);
  if (!middle?.phone || !middle.company) throw new Error('nobody to search for');
  const digits = middle.phone.replace(/\D/g, '').replace(/^27/, '0');
  const q = (text: string) => `q=${encodeURIComponent(text)}`;
  const searches: [string, string][] = [
    ['newest first, no search', ''],
    ['name (about 80 share it)', q(middle.fullName)],
    ['e-mail', q(middle.email)],
    ['phone typed with a 0', q(`${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`)],
    ['company', q(middle.company)],
    ['order reference (exact)', q(middle.reference)],
    ['order reference (part)', q(middle.reference.slice(-6))],
    ['domain (exact)', q(middle.domain)],
    ['domain (part)', q(middle.domain.replace('.co.za', ''))],
    ['has unpaid orders', 'filter=unpaid'],
  ];

  const owner = await signInAdmin(bench.app);
  console.log(`${runs} runs each, one at a time`);
  for (const [title, query] of searches) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < runs; i++) {
      started = performance.now();
      const response = await bench.app.inject({
        method: 'GET',
        url: `/api/admin/customers?${query}`,
        headers: { cookie: owner.cookie },
      });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${title}: ${response.statusCode}`);
      total = response.json<{ total: number }>().total;
    }
    if (total === 0) throw new Error(`${title}: found nobody`);
    times.sort((a, b) => a - b);
    const at = (p: number) =>
      times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!.toFixed(1);
    console.log(
      `${title.padEnd(26)} p50 ${at(0.5).padStart(6)} ms  p95 ${at(0.95).padStart(6)} ms` +
        `  p99 ${at(0.99).padStart(6)} ms  (${total} found)`,
    );
  }
} finally {
  await bench.close();
  await scratch.drop();
}
