import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, rmdirSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPayfastStandIn } from '../tests/stubs/payfast-stand-in.ts';
import { checkPaidOnce, orderWithItn, registerCustomer, sendItn } from './lib/itn-orders.ts';
import { serverProcess } from './lib/server-process.ts';

/**
 * A full disk: a real server process keeps its embedded database on a small tmpfs (mounting one
 * needs root), which is then filled to the last byte. While it is full every write must answer
 * 503 with Retry-After — sign-ups, and PayFast's ITNs, which PayFast then sends again — never a
 * 500 or a hang, and reads keep working. Then the space is freed: the same writes must succeed
 * without a restart, the resent ITNs pay their orders once with one invoice each, and SIGTERM
 * must still stop the server promptly. Prints what it saw; exits 1 on any violation.
 * Usage: npm run bench:full-disk [-- writes-while-full]
 */
const writes = Number(process.argv[2] ?? 100);
if (process.env.DATABASE_URL) {
  console.log('bench:full-disk fills the embedded database’s disk; DATABASE_URL is ignored here');
  delete process.env.DATABASE_URL;
}
const mountPoint = mkdtempSync(join(tmpdir(), 'sebenza-full-disk-'));
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mountPoint], { stdio: 'pipe' });
} catch {
  rmdirSync(mountPoint);
  console.log('bench:full-disk needs root to mount a small tmpfs (a disk that can fill up)');
  process.exit(2);
}
const validate = await startPayfastStandIn();
const server = await serverProcess({
  name: 'full-disk',
  validateUrl: validate.validateUrl,
  dataParent: mountPoint,
});
const problems: string[] = [];
const tally = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {}),
  )
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');

/** Writes zeros until the disk refuses another byte. */
function fillDisk(): string {
  const filler = join(mountPoint, 'filler');
  const fd = openSync(filler, 'w');
  for (const size of [1024 * 1024, 4096, 1]) {
    const chunk = Buffer.alloc(size);
    try {
      for (;;) writeSync(fd, chunk);
    } catch {
      // ENOSPC at this chunk size: go on with a smaller one.
    }
  }
  closeSync(fd);
  return filler;
}

const signUp = async (n: number) => {
  const started = Date.now();
  const response = await server
    .post(
      '/api/register',
      JSON.stringify({
        fullName: 'Disk Test',
        email: `disk${n}@example.co.za`,
        password: 'a long enough password 1',
        acceptTerms: true,
      }),
      'application/json',
    )
    .catch(() => null);
  return {
    status: response?.status ?? 0,
    retryAfter: response?.headers.get('retry-after'),
    ms: Date.now() - started,
  };
};

try {
  await server.start();
  const cookie = await registerCustomer(server, {
    fullName: 'Disk Buyer',
    email: 'buyer@example.co.za',
  });
  const orders = [];
  for (let i = 0; i < 5; i++) orders.push(await orderWithItn(server, cookie, `880000${i}`));

  const filler = fillDisk();
  console.log(`disk full (tmpfs ${mountPoint}); ${writes} sign-ups and 5 genuine ITNs while full…`);
  const full = [];
  for (let i = 0; i < writes; i++) full.push(await signUp(i));
  const itnsWhileFull = [];
  for (const order of orders) itnsWhileFull.push(await sendItn(server, order.body));
  const health = await fetch(`${server.base}/api/health`).then((r) => r.status);
  console.log(
    `while full: sign-ups ${tally(full.map((r) => r.status))}; slowest ${Math.max(...full.map((r) => r.ms))} ms`,
  );
  console.log(`while full: ITNs ${tally(itnsWhileFull)}; /api/health ${health}`);
  if (full.some((r) => r.status !== 503 && r.status !== 201))
    problems.push('a write answered other than 503');
  if (full.some((r) => r.status === 503 && r.retryAfter === null))
    problems.push('a 503 without Retry-After');
  if (itnsWhileFull.some((s) => s !== 503 && s !== 200))
    problems.push('an ITN answered other than 503/200');
  if (full.every((r) => r.status === 201)) problems.push('the disk never filled up');
  if (health !== 200) problems.push(`/api/health answered ${health} while the disk was full`);

  rmSync(filler);
  const recovered = Date.now();
  const after = [];
  for (let i = 0; i < writes; i++) after.push(await signUp(i));
  // PayFast sends again every ITN that did not get its 200.
  const resent = [];
  for (const order of orders) resent.push(await sendItn(server, order.body));
  console.log(
    `space freed: sign-ups ${tally(after.map((r) => r.status))}; ITNs resent ${tally(resent)} (${Date.now() - recovered} ms)`,
  );
  if (after.some((r) => r.status !== 201 && r.status !== 409))
    problems.push('a write failed after space returned');
  // The ITN checks run as jobs after the 200: wait until every payment shows paid.
  for (let i = 0; i < 120; i++) {
    const list = await server.get<{ status: string }[]>('/api/payments', cookie);
    if (list.filter((p) => p.status === 'paid').length === orders.length) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const stopping = Date.now();
  await server.stop();
  const stopMs = Date.now() - stopping;
  console.log(`SIGTERM: stopped in ${stopMs} ms`);
  if (stopMs > 15_000) problems.push(`SIGTERM took ${stopMs} ms`);
  const database = server.openDatabase();
  const paid = await checkPaidOnce(
    database.db,
    orders.map((o) => o.reference),
  );
  await database.close();
  console.log(
    `orders paid once with one invoice: ${orders.length - paid.problems.length} of ${orders.length}; invoices ${paid.numbers.join(', ')}${paid.unbroken ? ' (unbroken)' : ' (BROKEN)'}`,
  );
  problems.push(...paid.problems);
  if (!paid.unbroken) problems.push('the invoice series is broken');
} finally {
  await server.close();
  await validate.close();
  execFileSync('umount', [mountPoint]);
  rmdirSync(mountPoint);
}

console.log(problems.length === 0 ? 'OK' : `FAILED:\n${problems.join('\n')}`);
process.exit(problems.length === 0 ? 0 : 1);
