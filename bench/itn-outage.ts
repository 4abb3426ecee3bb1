import { eq, inArray, like, or } from 'drizzle-orm';
import { jobs, mailOutbox, paymentNotifications } from '../src/db/schema/index.ts';
import { alertAfterTries } from '../src/server/jobs/check-payment-notification.job.ts';
import { retryDelaySeconds } from '../src/server/jobs/job-types.ts';
import { startPayfastStandIn, type ValidateAnswer } from '../tests/stubs/payfast-stand-in.ts';
import { checkPaidOnce, orderWithItn, registerCustomer, sendItn } from './lib/itn-orders.ts';
import { serverProcess } from './lib/server-process.ts';

/**
 * Nothing lost while PayFast cannot confirm: a real server process (embedded database in a fresh
 * folder, or a new database on the DATABASE_URL server) with PayFast's validate endpoint played
 * by a local stand-in. Orders are placed (one customer each) and their payments started; then the
 * validate endpoint fails for a while and the genuine, signed COMPLETE ITNs arrive meanwhile
 * (spread over the first half of the outage). During the outage every ITN must get its 200 at
 * once, no order may be paid and no ITN refused: each stays unchecked, "waiting for PayFast's
 * confirmation" (read from each customer's /api/payments/debug). Then the endpoint answers VALID
 * again and the script measures how long until every order is paid exactly once, with one invoice
 * each in an unbroken series; it reports the check's tries per ITN and counts the "PayFast is not
 * confirming" e-mails queued for the administrators (after 3 failed tries). Exits 1 on any
 * violation.
 *
 * Nothing is sped up: the check-payment-notification job's real back-off (a try at once, then 1, 2, 4 … minutes)
 * and the runner's 30-second poll decide when the payments land, so the time to settle is what a
 * customer would see. With the defaults each ITN fails its first try and is paid by its second,
 * within about 30 s of the recovery (the whole run takes under 2 minutes). A longer outage takes
 * as long as the back-off does: with 10 orders (one batch, at its start) and 200 s, every ITN
 * fails three tries (an e-mail to the administrators each) and is paid by its fourth, 7 minutes
 * after it arrived (the run takes about 7½ minutes).
 *
 * The fault, as PayFast's endpoint has been seen to fail: 503 (a 5xx page, the default), 403 (its
 * answer to some merchants since August 2025), drop (the connection closed without an answer) or
 * hang (no answer: the check gives up after its 10-second timeout; the queue runs checks one at a
 * time, so with many orders not every ITN is tried before the outage ends).
 * Usage: npm run bench:itn-outage [-- orders [outage-seconds [503|403|drop|hang]]]
 * (orders below 500: beyond 500 unchecked ITNs the notify route answers 503 by design.)
 */
const orderCount = Number(process.argv[2] ?? 40);
const outageSeconds = Number(process.argv[3] ?? 60);
const faultName = process.argv[4] ?? '503';
const faults: Record<string, ValidateAnswer | 'hang'> = {
  '503': {
    status: 503,
    body: '<html><head><title>503 Service Unavailable</title></head><body>Service Unavailable</body></html>',
    contentType: 'text/html',
  },
  '403': {
    status: 403,
    body: '<html><head><title>403 Forbidden</title></head><body>Forbidden</body></html>',
    contentType: 'text/html',
  },
  drop: 'drop',
  hang: 'hang',
};
const fault = faults[faultName];
if (
  !Number.isInteger(orderCount) ||
  orderCount < 1 ||
  orderCount >= 500 ||
  !(outageSeconds > 0) ||
  !fault
) {
  console.error(
    'Usage: npm run bench:itn-outage [-- orders (1–499) [outage-seconds [503|403|drop|hang]]]',
  );
  process.exit(2);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const violations: string[] = [];
const violation = (line: string) => {
  violations.push(line);
  console.log(`VIOLATION: ${line}`);
};

type PaymentSummary = { status: string; order: { status: string; invoice: string | null } };
type PaymentDebug = { itns: { accepted: boolean | null; reason: string }[] };
/** An ITN row's reason until its check has run (the column's default). */
const notCheckedYet = 'received, not checked yet';

const validate = await startPayfastStandIn();
const server = await serverProcess({ name: 'outage', validateUrl: validate.validateUrl });
try {
  await server.start();

  // One customer per order, so each customer's debug page shows the ITN rows of that payment.
  const customers: { cookie: string; reference: string; body: string }[] = [];
  for (let i = 0; i < orderCount; i++) {
    const cookie = await registerCustomer(server, {
      fullName: `Outage Customer ${i + 1}`,
      email: `outage${i + 1}@example.co.za`,
    });
    customers.push({ cookie, ...(await orderWithItn(server, cookie, String(6_000_000 + i))) });
  }
  const references = customers.map((c) => c.reference);
  const paymentOf = async (customer: (typeof customers)[number]) => {
    const [payment] = await server.get<PaymentSummary[]>('/api/payments', customer.cookie);
    return payment!;
  };

  // The outage: the validate endpoint fails; the ITNs arrive in batches of ten over its first
  // half; meanwhile no order may be paid.
  console.log(
    `${orderCount} orders with payments started; PayFast's validate endpoint now fails (${faultName}) for ${outageSeconds} s`,
  );
  if (fault === 'hang') validate.hold();
  else validate.answer(fault);
  const outageStart = Date.now();
  const outageEnd = outageStart + outageSeconds * 1000;
  const batches = Math.ceil(orderCount / 10);
  const answers: { status: number; ms: number }[] = [];
  const posting = (async () => {
    for (let b = 0; b < batches; b++) {
      await sleep(outageStart + (b * outageSeconds * 500) / batches - Date.now());
      await Promise.all(
        customers.slice(b * 10, b * 10 + 10).map(async ({ body }) => {
          const sent = Date.now();
          const status = await sendItn(server, body);
          answers.push({ status, ms: Date.now() - sent });
        }),
      );
    }
  })();
  const paidDuringOutage = new Set<string>();
  while (Date.now() < outageEnd - 5000) {
    const seen = await Promise.all(customers.map(paymentOf));
    seen.forEach((payment, i) => {
      if (
        (payment.status !== 'pending' ||
          payment.order.status !== 'pending_payment' ||
          payment.order.invoice !== null) &&
        !paidDuringOutage.has(references[i]!)
      ) {
        paidDuringOutage.add(references[i]!);
        violation(
          `${references[i]} during the outage: payment ${payment.status}, order ${payment.order.status}, invoice ${payment.order.invoice}`,
        );
      }
    });
    await sleep(2000);
  }
  await posting;
  const not200 = answers.filter((a) => a.status !== 200);
  if (not200.length > 0) {
    violation(
      `${not200.length} ITNs got no 200 (${not200.map((a) => a.status || 'no answer').join(', ')})`,
    );
  }
  const slowestAnswer = Math.max(...answers.map((a) => a.ms));

  // Just before the recovery: every ITN row unchecked, tried ones "waiting for PayFast's
  // confirmation"; no payment, order or invoice moved.
  await sleep(outageEnd - 3000 - Date.now());
  let waiting = 0;
  let untried = 0;
  let sampleReason = '';
  const lastLook = await Promise.all(
    customers.map((customer) =>
      Promise.all([
        server.get<PaymentDebug>('/api/payments/debug', customer.cookie),
        paymentOf(customer),
      ]),
    ),
  );
  for (const [i, [debug, payment]] of lastLook.entries()) {
    const reference = references[i]!;
    const itn = debug.itns[0];
    if (debug.itns.length !== 1 || itn!.accepted !== null) {
      violation(
        `${reference} at the end of the outage: ${debug.itns.length} ITN rows, ${JSON.stringify(debug.itns)}`,
      );
    } else if (itn!.reason === notCheckedYet) untried += 1;
    else if (itn!.reason.startsWith("waiting for PayFast's confirmation")) {
      waiting += 1;
      sampleReason ||= itn!.reason;
    } else violation(`${reference} at the end of the outage: ITN reason "${itn!.reason}"`);
    if (payment.status !== 'pending' && !paidDuringOutage.has(reference)) {
      violation(`${reference} at the end of the outage: payment ${payment.status}`);
    }
  }
  const triesBefore = new Map<string, number>();
  for (const asked of validate.asked) {
    const id = new URLSearchParams(asked).get('pf_payment_id') ?? '';
    triesBefore.set(id, (triesBefore.get(id) ?? 0) + 1);
  }
  const callsDuringOutage = validate.asked.length;
  await sleep(outageEnd - Date.now());

  // Recovery: VALID again (a held request gets it too, if its check still waits).
  validate.answer('VALID');
  if (fault === 'hang') validate.release();
  const recoveredAt = Date.now();
  console.log(
    `outage over after ${seconds(recoveredAt - outageStart)}: validate endpoint answers VALID again`,
  );
  // The last pending try comes at most one back-off step after the latest failed one.
  const limitMs = (retryDelaySeconds(Math.max(1, ...triesBefore.values())) + 90) * 1000;
  const settledAfter = new Map<string, number>();
  while (settledAfter.size < orderCount && Date.now() - recoveredAt < limitMs) {
    await Promise.all(
      customers
        .filter(({ reference }) => !settledAfter.has(reference))
        .map(async (customer) => {
          const payment = await paymentOf(customer);
          if (
            payment.status === 'paid' &&
            payment.order.status === 'paid' &&
            payment.order.invoice !== null
          ) {
            settledAfter.set(customer.reference, Date.now() - recoveredAt);
          }
        }),
    );
    await sleep(500);
  }
  if (settledAfter.size < orderCount) {
    violation(
      `${orderCount - settledAfter.size} orders not paid ${seconds(limitMs)} after the recovery`,
    );
  }
  await server.stop();

  // The database, once the server has stopped.
  const database = server.openDatabase();
  const checked = await checkPaidOnce(database.db, references);
  checked.problems.forEach(violation);
  const rows = await database.db
    .select()
    .from(paymentNotifications)
    .where(inArray(paymentNotifications.paymentReference, references));
  const accepted = rows.filter((row) => row.accepted === true).length;
  const refused = rows.filter((row) => row.accepted === false);
  if (rows.length !== orderCount || accepted !== orderCount) {
    violation(
      `ITN rows: ${rows.length} stored for ${orderCount} ITNs, ${accepted} accepted, ${refused.length} refused` +
        (refused[0] ? ` (e.g. "${refused[0].reason}")` : ''),
    );
  }
  const checks = await database.db
    .select()
    .from(jobs)
    .where(eq(jobs.name, 'check-payment-notification'));
  const unfinished = checks.filter((job) => job.status !== 'done');
  if (checks.length !== orderCount || unfinished.length > 0) {
    violation(
      `check-payment-notification jobs: ${checks.length} for ${orderCount} ITNs, not done: ${unfinished.map((j) => `#${j.id} ${j.status}`).join(', ') || 'none'}`,
    );
  }
  const tries = new Map<number, number>();
  for (const job of checks) tries.set(job.attempts, (tries.get(job.attempts) ?? 0) + 1);
  const adminMails = await database.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(
      or(
        like(mailOutbox.subject, 'PayFast is not confirming the notification for %'),
        like(mailOutbox.subject, 'PayFast never confirmed the notification for %'),
      ),
    );
  // The administrators hear of an ITN once its check has failed alertAfterTries times.
  const expectedMails = checks.filter((job) => job.attempts - 1 >= alertAfterTries).length;
  if (adminMails.length !== expectedMails) {
    violation(
      `admin e-mails: ${adminMails.length} queued, ${expectedMails} expected (ITNs whose check failed ${alertAfterTries}+ times)`,
    );
  }
  const { numbers, unbroken } = checked;
  if (numbers.length !== orderCount || !unbroken) {
    violation(`invoice numbers: ${numbers.length} for ${orderCount} orders, unbroken: ${unbroken}`);
  }
  await database.close();

  const settled = [...settledAfter.values()].sort((a, b) => a - b);
  console.log(`\n--- PayFast validate endpoint outage (${faultName}) ---`);
  console.log(
    `orders: ${orderCount} (one customer each); genuine COMPLETE ITNs: ${answers.length}`,
  );
  console.log(
    `outage: ${seconds(recoveredAt - outageStart)}, ITNs posted over its first ${seconds(outageSeconds * 500)}`,
  );
  console.log(
    `PayFast's answer: ${answers.length - not200.length} of ${answers.length} ITNs got 200 (slowest ${slowestAnswer} ms)`,
  );
  console.log(
    `during the outage: ${paidDuringOutage.size} orders paid, ${orderCount - waiting - untried} ITNs refused or checked; ` +
      `${waiting} waiting for PayFast's confirmation, ${untried} not tried yet; ${callsDuringOutage} validate calls` +
      (sampleReason ? `\n  e.g. "${sampleReason}"` : ''),
  );
  console.log(
    `tries per ITN: ${[...tries.entries()]
      .sort(([a], [b]) => a - b)
      .map(([n, itns]) => `${n} ×${itns}`)
      .join(', ')} (validate calls in all: ${validate.asked.length})`,
  );
  console.log(
    settled.length > 0
      ? `after the recovery: ${settled.length} of ${orderCount} orders paid; first ${seconds(settled[0]!)}, median ${seconds(settled[Math.floor(settled.length / 2)]!)}, all ${settled.length === orderCount ? seconds(settled.at(-1)!) : 'NOT'} after it`
      : 'after the recovery: no order paid',
  );
  console.log(
    `paid once with one invoice (database): ${orderCount - checked.problems.length} of ${orderCount}; ITN rows accepted: ${accepted} of ${rows.length}`,
  );
  console.log(
    `admin "PayFast is not confirming" e-mails queued: ${adminMails.length} (expected ${expectedMails}: ITNs that failed ${alertAfterTries}+ tries)`,
  );
  console.log(
    `invoice numbers ${numbers[0]}–${numbers.at(-1)} (${numbers.length}): ${unbroken ? 'unbroken' : 'BROKEN'}`,
  );
  console.log(violations.length === 0 ? 'OK' : `${violations.length} VIOLATIONS`);
} catch (error) {
  violation(`the run stopped: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  await server.close();
  await validate.close();
}
process.exit(violations.length === 0 ? 0 : 1);
