import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dunningCases,
  domainOrderEvents,
  domainOrders,
  mailOutbox,
  orderItems,
  orders,
} from '#db/schema/index.ts';
import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { deliveredToken, signUp } from '../../../../tests/helpers/accounts.ts';
import {
  createDnsimpleTestApp,
  type DnsimpleTestApp,
} from '../../../../tests/helpers/dnsimple-app.ts';
import { runDueSteps } from '../../../../tests/helpers/dunning.ts';
import { freePort } from '../../../../tests/helpers/free-port.ts';
import { runRetriesNow } from '../../../../tests/helpers/jobs.ts';
import { payOnSimulator } from '../../../../tests/helpers/simulator.ts';
import { invoiceDomainRenewal } from '../domains/domain-renewal-invoices.service.ts';
import { listPastDue } from './dunning-lists.service.ts';

/**
 * A domain renewal through dunning with a clock the test controls: the renewal invoice opens a
 * case due on the expiry; reminder, reminder to pay, final notice and "not renewed" run on their
 * days; paying renews it at the registrar. A second domain runs to the end: its order cancelled.
 */
let t: DnsimpleTestApp;
let base: string;
let customer: { cookie: string; email: string };
/** The mails already looked at, by id (a timestamp in ms would miss PostgreSQL's microseconds). */
const mailsSeen = new Set<string>();

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createDnsimpleTestApp({ PUBLIC_URL: base, RATE_LIMIT_ALLOW: '127.0.0.1' });
  await t.app.listen({ port, host: '127.0.0.1' });
  customer = await signUp(t.app, { fullName: 'Sipho Dlamini' });
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const dayMs = 86_400_000;
const deps = () => ({ db: db(), config: t.config, orderLines: t.app.orderLines });

async function pay(reference: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${reference}/payfast`,
    headers: { cookie: customer.cookie },
  });
  expect(start.statusCode).toBe(200);
  await payOnSimulator(
    t.app,
    base,
    start.json<{ action: string; fields: Record<string, string> }>(),
  );
  await runRetriesNow(t.app);
}

/** A .com registered and paid, active, then its renewal invoice (the job 14 days before). */
async function renewalInvoiced(domain: string) {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: customer.cookie },
    payload: {
      items: [
        {
          type: 'domain',
          domain,
          years: 1,
          registrant: {
            type: 'individual',
            fullName: 'Sipho Dlamini',
            email: 'sipho@example.co.za',
            phone: '082 555 0101',
            address1: '5 Long Street',
            city: 'Cape Town',
            province: 'Western Cape',
            postalCode: '8001',
          },
        },
      ],
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  await pay(placed.json<{ reference: string }>().reference);
  const [registration] = await db()
    .select()
    .from(domainOrders)
    .where(eq(domainOrders.domain, domain));
  expect(registration!.status).toBe('active');
  await invoiceDomainRenewal(
    { db: db(), registrar: t.app.registrar, config: t.config },
    registration!.id,
    registration!.expiresAt!.toISOString(),
  );
  const [opened] = await db()
    .select({ row: dunningCases, reference: orders.reference })
    .from(dunningCases)
    .innerJoin(orders, eq(orders.id, dunningCases.orderId))
    .where(and(eq(dunningCases.title, `Renewal of ${domain}`)));
  return { registration: registration!, opened: opened!.row, reference: opened!.reference };
}

async function newMails() {
  const rows = await db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, customer.email))
    .orderBy(asc(mailOutbox.createdAt));
  const fresh = rows.filter((row) => !mailsSeen.has(row.id));
  for (const row of fresh) mailsSeen.add(row.id);
  return fresh;
}

const history = async (orderId: string) =>
  (await db().select().from(domainOrderEvents).where(eq(domainOrderEvents.orderId, orderId))).map(
    (event) => event.note ?? '',
  );

describe('dunning a domain renewal', () => {
  it('reminds before and after expiry, does not renew while unpaid, and renews once paid', async () => {
    const { registration, opened, reference } = await renewalInvoiced('dunning-paid.com');
    expect(opened).toMatchObject({ kind: 'domain', status: 'open', amountCents: 32_190 });
    expect(opened.dueAt.getTime()).toBe(registration.expiresAt!.getTime());
    // Default domain policy: a reminder 3 days before, 2 after, final notice 5, not renewed 7.
    expect(opened.steps.map((s) => s.step)).toEqual([
      'reminder-3',
      'retry-2',
      'final-notice',
      'suspend',
      'cancel',
    ]);
    await newMails();
    const day = (n: number) => new Date(opened.dueAt.getTime() + n * dayMs + 1000);
    const link = `${base}/pay?token=`;
    // On the past due list from the expiry on, not while only its reminders run.
    expect((await listPastDue(db(), day(-3))).items).toEqual([]);
    expect((await listPastDue(db(), day(1))).items.map((item) => item.orderReference)).toEqual([
      reference,
    ]);
    const amount = formatZAR(32_190);

    expect(await runDueSteps(deps(), day(-3))).toEqual(['reminder-3']);
    expect(await runDueSteps(deps(), day(2))).toEqual(['retry-2']);
    expect(await runDueSteps(deps(), day(5))).toEqual(['final-notice']);
    expect(await runDueSteps(deps(), day(7))).toEqual(['suspend']);
    const mails = await newMails();
    expect(mails.map((m) => m.subject)).toEqual([
      'Renewal due soon: Renewal of dunning-paid.com',
      'Payment still due: Renewal of dunning-paid.com',
      'Final notice: Renewal of dunning-paid.com',
      'Service suspended: Renewal of dunning-paid.com',
    ]);
    // Each carries a signed link to pay the order, minted when the mail is delivered.
    for (const mail of mails) {
      expect(mail.text).toContain(amount);
      expect(mail.text).toContain(`Pay ${amount} now: ${link}`);
      expect(mail.linkToken).toMatchObject({ kind: 'pay_link' });
    }
    expect(mails[0]!.text).toContain(formatDate(opened.dueAt));
    expect(mails[2]!.text).toContain(
      `paid by ${formatDate(day(7))}, the domain will not be renewed`,
    );
    expect(await history(registration.id)).toContain(
      `Not renewed: order ${reference} is unpaid past the dunning policy`,
    );
    expect(t.dnsimple.bodies.filter((b) => b.call.endsWith('/renewals'))).toHaveLength(0);

    // Paid on day 8 from the suspension mail's link, without signing in: the case closes, the
    // registrar renews it, the rest never runs.
    const token = await deliveredToken(t.app, mails[3]!);
    const shown = await t.app.inject({ method: 'GET', url: `/api/pay-link?token=${token}` });
    expect(shown.json()).toEqual({
      orderReference: reference,
      items: ['Renewal of dunning-paid.com, 1 year'],
      dueCents: 32_190,
      status: 'payable',
    });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/pay-link/payfast',
      payload: { token },
    });
    expect(form.statusCode, form.body).toBe(200);
    await payOnSimulator(
      t.app,
      base,
      form.json<{ action: string; fields: Record<string, string> }>(),
    );
    await runRetriesNow(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/pay-link?token=${token}` })).json(),
    ).toMatchObject({ status: 'paid', dueCents: 0 });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/pay-link/payfast', payload: { token } }))
        .statusCode,
    ).toBe(409);
    // A made-up link opens nothing.
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/pay-link?token=${'x'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(404);
    const [closed] = await db().select().from(dunningCases).where(eq(dunningCases.id, opened.id));
    expect(closed!.status).toBe('paid');
    expect(
      t.dnsimple.bodies.filter((b) => b.call.endsWith('/domains/dunning-paid.com/renewals')),
    ).toHaveLength(1);
    expect(await runDueSteps(deps(), day(40))).toEqual([]);
    expect((await newMails()).map((m) => m.subject)).not.toContain(
      'Cancelled unpaid: Renewal of dunning-paid.com',
    );
  });

  it('cancels the unpaid renewal order at the end of the policy, once', async () => {
    const { opened, reference } = await renewalInvoiced('dunning-lapsed.com');
    await newMails();
    const end = new Date(opened.dueAt.getTime() + 30 * dayMs + 1000);
    await Promise.all([runDueSteps(deps(), end), runDueSteps(deps(), end)]);
    const [row] = await db().select().from(dunningCases).where(eq(dunningCases.id, opened.id));
    expect(row!.status).toBe('cancelled');
    const [order] = await db().select().from(orders).where(eq(orders.reference, reference));
    expect(order!.status).toBe('cancelled');
    const [line] = await db()
      .select({ status: domainOrders.status })
      .from(orderItems)
      .innerJoin(domainOrders, eq(domainOrders.id, orderItems.domainOrderId))
      .where(eq(orderItems.orderId, order!.id));
    expect(line!.status).toBe('released');
    // Each step once, however many ran the queue at the same time.
    const subjects = (await newMails()).map((m) => m.subject.split(':')[0]);
    expect(subjects).toEqual([
      'Renewal due soon',
      'Payment still due',
      'Final notice',
      'Service suspended',
      'Cancelled unpaid',
    ]);
  });
});
