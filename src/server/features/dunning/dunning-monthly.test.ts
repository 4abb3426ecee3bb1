import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dunningCases,
  jobs,
  mailOutbox,
  payfastSimulatorSubscriptions,
  subscriptions,
} from '#db/schema/index.ts';
import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import type { Subscription } from '#shared/subscriptions.schemas.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { payOnSimulator } from '../../../../tests/helpers/simulator.ts';
import type { TestApp } from '../../../../tests/helpers/test-app.ts';
import { runDueSteps } from '../../../../tests/helpers/dunning.ts';

/**
 * A monthly subscription through dunning with a clock the test controls: PayFast (the simulator)
 * fails a month's charge, the steps run on their days (reminders, final notice, suspension),
 * PayFast's retry goes through and everything is restored; a second failure runs to cancellation.
 */
let shop: ListeningShop;
let t: TestApp;
let customer: { cookie: string; email: string };
/** The mails already looked at, by id (a timestamp in ms would miss PostgreSQL's microseconds). */
const mailsSeen = new Set<string>();

beforeAll(async () => {
  shop = await startListeningShop({ CONTACT_EMAIL: 'team@example.co.za' });
  ({ t } = shop);
  customer = await signUp(t.app, { fullName: 'Thandi Nkosi' });
});
afterAll(() => shop.close());

const db = () => t.app.database.db;
const dayMs = 86_400_000;
const deps = () => ({ db: db(), config: t.config, orderLines: t.app.orderLines });

/** Bookkeeping, R1 299 a month, paid on the simulator: the subscription's token. */
async function subscribe(): Promise<string> {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { items: [{ type: 'package', packageId: 'finance-bookkeeping', addOnIds: [] }] },
    headers: { cookie: customer.cookie },
  });
  expect(placed.statusCode).toBe(201);
  const form = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${placed.json<{ reference: string }>().reference}/payfast`,
    headers: { cookie: customer.cookie },
  });
  const started = form.json<{ action: string; fields: Record<string, string> }>();
  await payOnSimulator(t.app, shop.base, started);
  const all = await db().select().from(payfastSimulatorSubscriptions);
  return all.find((s) => s.form.m_payment_id === started.fields.m_payment_id)!.token;
}

async function bill(token: string, outcome: 'complete' | 'fail') {
  const response = await fetch(`${shop.base}/payfast-simulator/subscriptions/${token}/bill`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome }),
  });
  expect(response.status).toBe(200);
  await t.app.jobs.drain();
}

/** The mails queued since the last call, to anyone. */
async function newMails() {
  const rows = await db().select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
  const fresh = rows.filter((row) => !mailsSeen.has(row.id));
  for (const row of fresh) mailsSeen.add(row.id);
  return fresh.map((row) => ({ to: row.to, subject: row.subject, text: row.text }));
}

async function mySubscription(): Promise<Subscription> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/subscriptions',
    headers: { cookie: customer.cookie },
  });
  return response.json<Subscription[]>()[0]!;
}

async function openCase() {
  const [row] = await db().select().from(dunningCases).where(eq(dunningCases.status, 'open'));
  return row!;
}

const amount = formatZAR(129_900);

describe('dunning a monthly subscription', () => {
  it('reminds, gives a final notice, suspends, and restores everything when PayFast’s retry is paid', async () => {
    const token = await subscribe();
    await newMails(); // what subscribing sent is not what this test looks at
    await bill(token, 'fail');
    const opened = await openCase();
    expect(opened).toMatchObject({ kind: 'monthly', amountCents: 129_900, status: 'open' });
    // Default monthly policy: reminders 3 and 7 days after, final notice 10, suspension 14, end 45.
    expect(opened.steps.map((s) => s.step)).toEqual([
      'retry-3',
      'retry-7',
      'final-notice',
      'suspend',
      'cancel',
    ]);
    const queued = await db()
      .select()
      .from(jobs)
      .where(like(jobs.key, `dunning:${opened.id}:%`));
    expect(queued).toHaveLength(5);
    expect(queued.find((j) => j.key?.endsWith(':suspend'))!.runAt.getTime()).toBe(
      opened.dueAt.getTime() + 14 * dayMs,
    );
    await newMails();

    const day = (n: number) => new Date(opened.dueAt.getTime() + n * dayMs + 1000);
    // Nothing is due before its day.
    expect(await runDueSteps(deps(), day(2))).toEqual([]);
    expect(await runDueSteps(deps(), day(3))).toEqual(['retry-3']);
    expect(await runDueSteps(deps(), day(3))).toEqual([]);
    expect(await runDueSteps(deps(), day(7))).toEqual(['retry-7']);
    const reminders = await newMails();
    expect(reminders.map((m) => m.subject)).toEqual([
      'Payment still due: Financial management: Bookkeeping',
      'Payment still due: Financial management: Bookkeeping',
    ]);
    for (const mail of reminders) {
      expect(mail.to).toBe(customer.email);
      expect(mail.text).toContain(amount);
      expect(mail.text).toContain(`${shop.base}/user/payments`);
    }

    expect(await runDueSteps(deps(), day(10))).toEqual(['final-notice']);
    const [notice] = await newMails();
    expect(notice!.subject).toBe('Final notice: Financial management: Bookkeeping');
    expect(notice!.text).toContain(`paid by ${formatDate(day(14))}`);
    expect(notice!.text).toContain(amount);
    expect(notice!.text).toContain(`${shop.base}/user/payments`);
    expect((await mySubscription()).suspendedAt).toBeNull();

    expect(await runDueSteps(deps(), day(14))).toEqual(['suspend']);
    const suspension = await newMails();
    expect(suspension.map((m) => [m.to, m.subject])).toEqual([
      [customer.email, 'Service suspended: Financial management: Bookkeeping'],
      ['team@example.co.za', `Suspend: Financial management: Bookkeeping for ${customer.email}`],
    ]);
    expect(suspension[0]!.text).toContain(amount);
    expect(suspension[0]!.text).toContain(`${shop.base}/user/payments`);
    expect(suspension[0]!.text).toContain(formatDate(day(45)));
    expect((await mySubscription()).suspendedAt).not.toBeNull();

    // PayFast's retry goes through: the case is paid, the service restored, the rest dropped.
    await bill(token, 'complete');
    const [closed] = await db().select().from(dunningCases).where(eq(dunningCases.id, opened.id));
    expect(closed).toMatchObject({ status: 'paid' });
    expect((await mySubscription()).suspendedAt).toBeNull();
    const restored = await newMails();
    expect(restored.map((m) => m.subject)).toContain(
      `Resume: Financial management: Bookkeeping for ${customer.email}`,
    );
    expect(restored.map((m) => m.subject)).toContain(
      'Monthly payment received: Financial management: Bookkeeping',
    );
    const left = await db()
      .select()
      .from(jobs)
      .where(and(like(jobs.key, `dunning:${opened.id}:%`), eq(jobs.status, 'queued')));
    expect(left).toHaveLength(0);
    expect(await runDueSteps(deps(), day(60))).toEqual([]);
    expect(await newMails()).toEqual([]);

    // The back office: the case and each step on the customer's page; nothing left past due.
    const admin = await signInAdmin(t.app);
    const pastDue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/past-due',
      headers: { cookie: admin.cookie },
    });
    expect(pastDue.json()).toEqual({ items: [], mrrAtRiskCents: 0 });
  });

  it('runs a second failure through to cancellation, once; MRR at risk counts it meanwhile', async () => {
    const [subscription] = await db().select().from(subscriptions);
    const token = subscription!.token;
    await bill(token, 'fail');
    const opened = await openCase();
    await newMails();
    const admin = await signInAdmin(t.app);
    const pastDue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/past-due',
      headers: { cookie: admin.cookie },
    });
    expect(pastDue.json()).toMatchObject({
      mrrAtRiskCents: 129_900,
      items: [{ id: opened.id, subscriptionReference: subscription!.reference }],
    });

    const end = new Date(opened.dueAt.getTime() + 45 * dayMs + 1000);
    expect(await runDueSteps(deps(), end)).toEqual([
      'retry-3',
      'retry-7',
      'final-notice',
      'suspend',
      'cancel',
    ]);
    expect(await runDueSteps(deps(), end)).toEqual([]);
    const mails = await newMails();
    const cancelled = mails.find((m) => m.subject.startsWith('Cancelled unpaid'))!;
    expect(cancelled.text).toContain(amount);
    expect(cancelled.text).toContain(`${shop.base}/user/orders`);
    // PayFast is asked to stop it (the usual job, through the simulator's API).
    await t.app.jobs.drain();
    expect((await mySubscription()).status).toBe('cancelled');
    const [row] = await db().select().from(dunningCases).where(eq(dunningCases.id, opened.id));
    expect(row!.status).toBe('cancelled');
    expect(row!.steps.every((s) => s.doneAt)).toBe(true);

    const customerPage = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${subscription!.userId}/dunning`,
      headers: { cookie: admin.cookie },
    });
    expect(customerPage.json<{ items: { status: string }[] }>().items.map((c) => c.status)).toEqual(
      ['cancelled', 'paid'],
    );
  });
});
