import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { invoices, orders, payments } from '../src/db/schema/index.ts';
import { itnSignature } from '../src/server/integrations/payfast/signature.ts';
import { startPayfastStandIn } from '../tests/stubs/payfast-stand-in.ts';

/**
 * Nothing lost, nothing twice, across a crash: a real server process (embedded database in a
 * fresh folder, or DATABASE_URL) gets a burst of genuine ITNs for many orders, some sent twice,
 * and is killed with SIGKILL in the middle of it. It is started again, PayFast's retries arrive
 * (every ITN that got no 200), and then every order must be paid once, with one payment marked
 * paid and one invoice, in an unbroken invoice series. Prints what it found; exits 1 if not.
 * Usage: npm run bench:itn-crash [-- orders]
 */
const orderCount = Number(process.argv[2] ?? 40);
const root = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'sebenza-crash-'));
const validate = await startPayfastStandIn();

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: base,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_ALLOW: '127.0.0.1',
  PAYFAST_MODE: 'simulator',
  PAYFAST_VALIDATE_URL: validate.validateUrl,
};

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['src/server/server.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

const post = (path: string, body: string, type: string, cookie = '') =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type, cookie }, body });

let server = await startServer();
// Whatever happens below, no server is left running.
process.on('exit', () => server.kill('SIGKILL'));
// One customer, many orders, each with its PayFast form.
const register = await post(
  '/api/register',
  JSON.stringify({
    fullName: 'Crash Test',
    email: 'crash@example.co.za',
    password: 'crash test passphrase',
  }),
  'application/json',
);
const cookie = register.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const passphrase = 'jt7NOE43FZPn';
const itns: { reference: string; body: string }[] = [];
for (let i = 0; i < orderCount; i++) {
  const order = await post(
    '/api/orders',
    JSON.stringify({ items: [{ type: 'package', packageId: 'website-business' }] }),
    'application/json',
    cookie,
  ).then((r) => r.json() as Promise<{ reference: string }>);
  const form = await post(
    `/api/orders/${order.reference}/payfast`,
    '{}',
    'application/json',
    cookie,
  ).then((r) => r.json() as Promise<{ reference: string; fields: Record<string, string> }>);
  const fields: [string, string][] = [
    ['m_payment_id', form.reference],
    ['pf_payment_id', String(5_000_000 + i)],
    ['payment_status', 'COMPLETE'],
    ['item_name', form.fields.item_name ?? 'Order'],
    ['item_description', ''],
    ['amount_gross', form.fields.amount!],
    ['amount_fee', '-2.30'],
    ['amount_net', (Number(form.fields.amount) - 2.3).toFixed(2)],
    ['merchant_id', '10000100'],
  ];
  const body = new URLSearchParams([...fields, ['signature', itnSignature(fields, passphrase)]]);
  itns.push({ reference: form.reference, body: body.toString() });
}

// The burst: every ITN, a third of them twice, ten at a time; SIGKILL once half have been sent.
const answered = new Set<string>();
const sendAll = async (list: typeof itns) => {
  for (let i = 0; i < list.length; i += 10) {
    await Promise.all(
      list.slice(i, i + 10).map(async (itn) => {
        const ok = await post(
          '/api/payments/payfast/notify',
          itn.body,
          'application/x-www-form-urlencoded',
        ).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) answered.add(itn.reference);
      }),
    );
  }
};
const burst = [...itns, ...itns.filter((_, i) => i % 3 === 0)];
const killed = sendAll(burst);
await new Promise((r) => setTimeout(r, 150 + Math.random() * 300));
server.kill('SIGKILL');
await killed;
const answeredBeforeKill = answered.size;

// Restart; PayFast sends again every ITN it got no 200 for. A check that was running at the
// kill is taken up again when its 2-minute lease ends.
server = await startServer();
const restartedAt = Date.now();
await sendAll(itns.filter((itn) => !answered.has(itn.reference)));
let settledAfter = -1;
while (Date.now() - restartedAt < 180_000) {
  const mine = await fetch(`${base}/api/orders`, { headers: { cookie } }).then(
    (r) => r.json() as Promise<{ status: string }[]>,
  );
  if (mine.length >= orderCount && mine.every((order) => order.status === 'paid')) {
    settledAfter = Date.now() - restartedAt;
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));

const database = openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: join(dataDir, 'db'),
});
let problems = 0;
for (const { reference } of itns) {
  const paid = await database.db.select().from(payments).where(eq(payments.reference, reference));
  const [order] = await database.db.select().from(orders).where(eq(orders.id, paid[0]!.orderId));
  const billed = await database.db.select().from(invoices).where(eq(invoices.orderId, order!.id));
  if (
    paid.filter((p) => p.status === 'paid').length !== 1 ||
    order!.status !== 'paid' ||
    billed.length !== 1
  ) {
    problems += 1;
    console.log(
      `${reference}: payment ${paid[0]!.status}, order ${order!.status}, invoices ${billed.length}`,
    );
  }
}
const numbers = (await database.db.select({ n: invoices.number }).from(invoices))
  .map((r) => r.n)
  .sort((a, b) => a - b);
const unbroken = numbers.every((n, i) => n === numbers[0]! + i);
await database.close();
await validate.close();
rmSync(dataDir, { recursive: true, force: true });

console.log(
  `orders: ${orderCount}; ITNs sent in the burst: ${burst.length}; answered 200 before the SIGKILL: ${answeredBeforeKill}`,
);
console.log(
  `after the restart and PayFast's retries: ${orderCount - problems} of ${orderCount} orders paid once with one invoice` +
    (settledAfter >= 0
      ? `; the customer saw them all paid ${(settledAfter / 1000).toFixed(1)} s after the restart`
      : '; the customer did not see them all paid within 3 minutes'),
);
console.log(
  `invoice numbers ${numbers[0]}–${numbers.at(-1)} (${numbers.length}): ${unbroken ? 'unbroken' : 'BROKEN'}`,
);
process.exit(problems === 0 && unbroken && numbers.length === orderCount ? 0 : 1);
