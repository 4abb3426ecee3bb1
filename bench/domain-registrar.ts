import { eq } from 'drizzle-orm';
import { domainOrders } from '../src/db/schema/index.ts';
import {
  createDomainOrder,
  markDomainOrderPaid,
} from '../src/server/features/domains/domain-orders.service.ts';
import { startDnsimpleStandIn } from '../tests/stubs/dnsimple-stand-in.ts';
import { startBench } from './lib/bench-app.ts';

/**
 * The site against a slow DNSimple (the stand-in, playing DNSimple's own answers):
 * - searches when every DNSimple answer takes 2 s: each name's first search asks DNSimple, the
 *   rest come from the 10-minute cache (p50 and p99 of both, then autocannon on a cached one);
 * - paid registrations when DNSimple takes 12 s to answer each (registerDomain/success.http took
 *   11.9 s): how many are registered per minute.
 * Usage: npm run bench:domain-registrar [-- seconds] [names]
 */
const names = Number(process.argv[3] ?? 5);
const token = 'bench-token-123456';
const dnsimple = await startDnsimpleStandIn({ token, accountId: 4242 });
process.env.DNSIMPLE_TOKEN = token;
process.env.DNSIMPLE_ACCOUNT_ID = '4242';
process.env.DNSIMPLE_BASE_URL = dnsimple.baseUrl;
const bench = await startBench();
const { db } = bench.app.database;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)
  ]!;
const timed = async (url: string) => {
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return performance.now() - started;
};

// Searches with a 2 s DNSimple: ten names, each searched ten times by ten customers at once.
dnsimple.settings.answerDelayMs = 2_000;
const first: number[] = [];
const again: number[] = [];
for (let n = 0; n < 10; n++) {
  const url = `${bench.base}/api/domain/check?domain=bench-search-${n}.com`;
  first.push(await timed(url));
  again.push(...(await Promise.all(Array.from({ length: 9 }, () => timed(url)))));
}
const ms = (value: number) => `${Math.round(value)} ms`;
console.log(
  `search, DNSimple 2 s, first of a name   p50 ${ms(percentile(first, 50))}  p99 ${ms(percentile(first, 99))}`,
);
console.log(
  `search, DNSimple 2 s, cached            p50 ${ms(percentile(again, 50))}  p99 ${ms(percentile(again, 99))}`,
);
await bench.measure(
  'GET /api/domain/check (DNSimple 2 s, cached)',
  `${bench.base}/api/domain/check?domain=bench-search-0.com`,
);
dnsimple.settings.answerDelayMs = 0;

// Registrations with a 12 s DNSimple: `names` paid orders at once.
const register = await bench.app.inject({
  method: 'POST',
  url: '/api/register',
  payload: {
    fullName: 'Bench Registrant',
    email: 'registrant@example.co.za',
    password: 'bench passphrase 1',
  },
});
const userId = register.json<{ id: string }>().id;
const started = performance.now();
const orders: string[] = [];
for (let n = 0; n < names; n++) {
  const domain = `bench-register-${n}.com`;
  dnsimple.answerRegistrationSlowly(domain, 12_000);
  const order = await createDomainOrder(db, {
    userId,
    domain,
    years: 1,
    priceCents: 32_190,
    registrarCostCents: 26_825,
    registrar: 'dnsimple',
    registration: {
      years: 1,
      privacy: false,
      autoRenew: true,
      registrant: {
        type: 'individual',
        fullName: 'Bench Registrant',
        email: 'registrant@example.co.za',
        phone: '+27825550101',
        address1: '1 Main Road',
        city: 'Knysna',
        province: 'Western Cape',
        postalCode: '6570',
      },
    },
  });
  await markDomainOrderPaid(db, order.id);
  orders.push(order.id);
}
for (;;) {
  const rows = await Promise.all(
    orders.map(
      async (id) => (await db.select().from(domainOrders).where(eq(domainOrders.id, id)))[0]!,
    ),
  );
  const settled = rows.filter((row) => row.status !== 'paid' && row.status !== 'registering');
  if (settled.length === rows.length) {
    const seconds = (performance.now() - started) / 1000;
    const active = rows.filter((row) => row.status === 'active').length;
    console.log(
      `registrations, DNSimple 12 s            ${active} of ${names} active in ${seconds.toFixed(1)} s: ${((active / seconds) * 60).toFixed(1)} a minute`,
    );
    break;
  }
  if (performance.now() - started > 10 * 60_000)
    throw new Error('registrations did not finish in 10 minutes');
  await new Promise((resolve) => setTimeout(resolve, 250));
}
await bench.close();
await dnsimple.close();
