import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceFilingTasks, dunningCases, mailOutbox, orders } from '#db/schema/index.ts';
import { annualReturn } from '#shared/compliance-calendar.ts';
import type { ComplianceCalendar, ComplianceFilingList } from '#shared/compliance.schemas.ts';
import { addMonths, saToday } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { runDueSteps } from '../../../../tests/helpers/dunning.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { payOnSimulator } from '../../../../tests/helpers/simulator.ts';
import { invoiceCareRenewals } from './compliance-care-renewals.service.ts';
import { lapseEndedCare } from './compliance-care.service.ts';
import { openFilingTasks } from './compliance-filings.service.ts';
import { careRenewalLine } from './compliance.order-lines.ts';

/**
 * Compliance care (issue 34 §3) as a customer buys it and the team works it: a year paid by
 * card, the renewal order 30 days before the year ends (once), paid or chased by the yearly
 * dunning policy to suspension and lapse, and the filings put on the team's list and marked filed.
 * The service's clock is the `now` each step is given; a payment dates a year from today.
 */
let shop: ListeningShop;
beforeAll(async () => {
  shop = await startListeningShop();
});
afterAll(() => shop.close());

const dayMs = 86_400_000;
const db = () => shop.t.app.database.db;
const deps = () => ({ db: db(), config: shop.t.config });
const at = (date: string, days = 0) =>
  new Date(Date.parse(`${date}T08:00:00+02:00`) + days * dayMs);
const shiftDays = (date: string, days: number) =>
  new Date(Date.parse(date) + days * dayMs).toISOString().slice(0, 10);

async function customer() {
  const me = await signUp(shop.t.app, { fullName: 'Lerato Mokoena' });
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    shop.t.app.inject({
      method,
      url,
      headers: { cookie: me.cookie },
      ...(payload ? { payload } : {}),
    });
  return { ...me, call };
}
type Customer = Awaited<ReturnType<typeof customer>>;

/** A company whose annual return is due `dueInDays` from today (its anniversary ~25 days ago). */
async function addCompany(me: Customer, number: string) {
  const anniversary = shiftDays(saToday(), -25);
  const registeredOn = `${Number(anniversary.slice(0, 4)) - 2}${anniversary.slice(4)}`.replace(
    /-02-29$/,
    '-02-28',
  );
  const added = await me.call('POST', '/api/compliance/companies', {
    name: 'Mokoena Logistics (Pty) Ltd',
    registrationNumber: `${registeredOn.slice(0, 4)}/${number}/07`,
    registeredOn,
    yearEndMonth: 2,
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json<ComplianceCalendar>().companies.at(-1)!;
}

async function payOrder(me: Customer, reference: string) {
  const form = await me.call('POST', `/api/orders/${reference}/payfast`);
  expect(form.statusCode, form.body).toBe(200);
  await payOnSimulator(shop.t.app, shop.base, form.json());
}

async function buyCare(me: Customer, companyId: string) {
  const ordered = await me.call('POST', '/api/orders', {
    items: [{ type: 'compliance-care', companyId }],
  });
  expect(ordered.statusCode, ordered.body).toBe(201);
  await payOrder(me, ordered.json<{ reference: string }>().reference);
  return ordered.json<{ reference: string; total: number; items: { title: string }[] }>();
}

async function careOf(me: Customer, companyId: string) {
  const calendar = (await me.call('GET', '/api/compliance')).json<ComplianceCalendar>();
  return calendar.companies.find((company) => company.id === companyId)!.care;
}

const mailsTo = (to: string, subject: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `%${subject}%`)));

/** The customer's orders after the first (the care they bought): its renewals. */
async function renewalOrders(userId: string) {
  const rows = await db()
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
  return rows.slice(0, -1);
}

const tasksOf = (companyId: string) =>
  db().select().from(complianceFilingTasks).where(eq(complianceFilingTasks.companyId, companyId));

describe('compliance care, a yearly service', () => {
  it('sells a year for the customer’s own company, covered from the day it is paid', async () => {
    const me = await customer();
    const company = await addCompany(me, '310001');
    expect(company.care).toBeNull();

    const stranger = await customer();
    const refused = await stranger.call('POST', '/api/orders', {
      items: [{ type: 'compliance-care', companyId: company.id }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toBe(
      'That company is not on your compliance calendar',
    );

    const order = await buyCare(me, company.id);
    expect(order.total).toBe(1199);
    expect(order.items[0]!.title).toContain(
      `Compliance care (yearly): Mokoena Logistics (Pty) Ltd (${company.registrationNumber})`,
    );
    expect(await careOf(me, company.id)).toEqual({
      status: 'active',
      coveredUntil: addMonths(saToday(), 12),
      autoRenew: true,
    });

    // A paid year cannot be thrown away with the company.
    const removed = await me.call('DELETE', `/api/compliance/companies/${company.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json<{ error: string }>().error).toContain('under compliance care until');

    const notMine = await stranger.call('PATCH', `/api/compliance/companies/${company.id}/care`, {
      autoRenew: false,
    });
    expect(notMine.statusCode).toBe(404);
  });

  it('invoices the renewal once, 30 days before the year ends; paid, the year is added', async () => {
    const me = await customer();
    const company = await addCompany(me, '310002');
    await buyCare(me, company.id);
    const until = (await careOf(me, company.id))!.coveredUntil;

    // Every test's year ends on the same day; each run is checked by this customer's orders.
    await invoiceCareRenewals(deps(), careRenewalLine, at(until, -31));
    expect(await renewalOrders(me.user.id)).toHaveLength(0);
    expect(
      (await invoiceCareRenewals(deps(), careRenewalLine, at(until, -30))).made,
    ).toBeGreaterThan(0);
    expect(await renewalOrders(me.user.id)).toHaveLength(1);
    expect(await invoiceCareRenewals(deps(), careRenewalLine, at(until, -29))).toEqual({
      made: 0,
      failed: [],
    });
    expect(await renewalOrders(me.user.id)).toHaveLength(1);

    const [renewal] = (await renewalOrders(me.user.id)) as [typeof orders.$inferSelect];
    expect(renewal.status).toBe('pending_payment');
    expect(renewal.totalCents).toBe(119_900);
    const [opened] = await db()
      .select()
      .from(dunningCases)
      .where(eq(dunningCases.orderId, renewal.id));
    expect(opened).toMatchObject({ kind: 'yearly', status: 'open' });
    expect(opened!.dueAt.toISOString()).toBe(new Date(`${until}T00:00:00+02:00`).toISOString());
    const [mail] = await mailsTo(me.email, 'Renew compliance care before');
    expect(mail!.text).toContain(renewal.reference);
    expect(mail!.text).toContain(`for the next year: ${formatZAR(119_900)}`);
    expect(mail!.text).toContain('compliance care for Mokoena Logistics (Pty) Ltd');

    await payOrder(me, renewal.reference);
    expect((await careOf(me, company.id))!.coveredUntil).toBe(addMonths(until, 12));
    const [closed] = await db().select().from(dunningCases).where(eq(dunningCases.id, opened!.id));
    expect(closed!.status).not.toBe('open');

    // Renewal switched off: the next year ends without an invoice.
    const off = await me.call('PATCH', `/api/compliance/companies/${company.id}/care`, {
      autoRenew: false,
    });
    expect(off.statusCode).toBe(200);
    await invoiceCareRenewals(deps(), careRenewalLine, at(addMonths(until, 12), -10));
    expect(await renewalOrders(me.user.id)).toHaveLength(1);
  });

  it('an unpaid renewal suspends the care at three weeks and lets it lapse at sixty days', async () => {
    const me = await customer();
    const company = await addCompany(me, '310003');
    await buyCare(me, company.id);
    const until = (await careOf(me, company.id))!.coveredUntil;
    await invoiceCareRenewals(deps(), careRenewalLine, at(until, -30));
    const [renewal] = (await renewalOrders(me.user.id)) as [typeof orders.$inferSelect];
    const dunning = { ...deps(), orderLines: shop.t.app.orderLines };

    await runDueSteps(dunning, at(until, 20));
    expect((await careOf(me, company.id))!.status).toBe('active');
    await runDueSteps(dunning, at(until, 21));
    expect((await careOf(me, company.id))!.status).toBe('suspended');
    await runDueSteps(dunning, at(until, 60));
    expect((await careOf(me, company.id))!.status).toBe('lapsed');
    const [cancelled] = await db().select().from(orders).where(eq(orders.id, renewal.id));
    expect(cancelled!.status).toBe('cancelled');
  });

  it('an old renewal never suspends or lapses a year the customer paid another way', async () => {
    const me = await customer();
    const company = await addCompany(me, '310006');
    await buyCare(me, company.id);
    const until = (await careOf(me, company.id))!.coveredUntil;
    await invoiceCareRenewals(deps(), careRenewalLine, at(until, -30));
    const [renewal] = (await renewalOrders(me.user.id)) as [typeof orders.$inferSelect];
    // The customer buys the next year from the calendar instead of paying the renewal order.
    await buyCare(me, company.id);
    expect((await careOf(me, company.id))!.coveredUntil).toBe(addMonths(until, 12));
    const dunning = { ...deps(), orderLines: shop.t.app.orderLines };
    await runDueSteps(dunning, at(until, 21));
    expect((await careOf(me, company.id))!.status).toBe('active');
    await runDueSteps(dunning, at(until, 60));
    expect((await careOf(me, company.id))!.status).toBe('active');
    const [cancelled] = await db().select().from(orders).where(eq(orders.id, renewal.id));
    expect(cancelled!.status).toBe('cancelled');
  });

  it('lapses a year that ends with renewal off, and the company can buy care again', async () => {
    const me = await customer();
    const company = await addCompany(me, '310007');
    await buyCare(me, company.id);
    const until = (await careOf(me, company.id))!.coveredUntil;
    await me.call('PATCH', `/api/compliance/companies/${company.id}/care`, { autoRenew: false });
    await lapseEndedCare(db(), at(until, -1));
    expect((await careOf(me, company.id))!.status).toBe('active');
    await lapseEndedCare(db(), at(until));
    expect((await careOf(me, company.id))!.status).toBe('lapsed');
    // Lapsed, it no longer holds the company on the calendar.
    const removed = await me.call('DELETE', `/api/compliance/companies/${company.id}`);
    expect(removed.statusCode).toBe(200);
  });

  it('switched off after the renewal was made, cancels that order and keeps the paid year', async () => {
    const me = await customer();
    const company = await addCompany(me, '310009');
    await buyCare(me, company.id);
    const until = (await careOf(me, company.id))!.coveredUntil;
    await invoiceCareRenewals(deps(), careRenewalLine, at(until, -30));
    const [renewal] = (await renewalOrders(me.user.id)) as [typeof orders.$inferSelect];
    expect(renewal.status).toBe('pending_payment');

    const off = await me.call('PATCH', `/api/compliance/companies/${company.id}/care`, {
      autoRenew: false,
    });
    expect(off.statusCode).toBe(200);
    const [cancelled] = await db().select().from(orders).where(eq(orders.id, renewal.id));
    expect(cancelled!.status).toBe('cancelled');
    expect(await careOf(me, company.id)).toMatchObject({ status: 'active', autoRenew: false });
    // Dunning finds the order given up and closes its case; no reminder is sent.
    const dunning = { ...deps(), orderLines: shop.t.app.orderLines };
    await runDueSteps(dunning, at(until, -13));
    const [closed] = await db()
      .select()
      .from(dunningCases)
      .where(eq(dunningCases.orderId, renewal.id));
    expect(closed!.status).toBe('cancelled');
    expect(await mailsTo(me.email, 'Renewal due soon')).toHaveLength(0);
    // The paid year runs its course, then lapses.
    await lapseEndedCare(db(), at(until));
    expect((await careOf(me, company.id))!.status).toBe('lapsed');
  });

  it('reports a plan it cannot invoice and goes on with the others', async () => {
    const me = await customer();
    const company = await addCompany(me, '310008');
    await buyCare(me, company.id);
    const until = (await careOf(me, company.id))!.coveredUntil;
    const outcome = await invoiceCareRenewals(
      deps(),
      () => Promise.reject(new Error('That package is not for sale')),
      at(until, -30),
    );
    expect(outcome.made).toBe(0);
    expect(outcome.failed.length).toBeGreaterThan(0);
    expect(outcome.failed[0]!.error).toBe('That package is not for sale');
    // Nothing was half-made: the plan is invoiced normally on the next run.
    expect(await renewalOrders(me.user.id)).toHaveLength(0);
    await invoiceCareRenewals(deps(), careRenewalLine, at(until, -29));
    expect(await renewalOrders(me.user.id)).toHaveLength(1);
  });

  it('puts the filings it owes on the team’s list once; filed, the customer’s calendar shows it done', async () => {
    const me = await customer();
    const company = await addCompany(me, '310004');
    const uncovered = await addCompany(me, '310005');
    const now = new Date();
    // Not under care yet: nothing is the team's.
    await openFilingTasks(db(), shop.t.config, now);
    expect(await tasksOf(company.id)).toHaveLength(0);
    await buyCare(me, company.id);

    const year = Number(saToday().slice(0, 4));
    const dueOn = [year, year + 1]
      .map((y) => annualReturn(company.registeredOn, y).dueOn)
      .find((date) => date >= saToday())!;
    expect(await openFilingTasks(db(), shop.t.config, now)).toBeGreaterThan(0);
    expect(await tasksOf(company.id)).toHaveLength(1);
    expect(await openFilingTasks(db(), shop.t.config, now)).toBe(0);
    expect(await tasksOf(uncovered.id)).toHaveLength(0);
    const [teamMail] = await mailsTo(shop.t.config.site.contactEmail, 'Compliance filings to make');
    expect(teamMail!.text).toContain('Mokoena Logistics (Pty) Ltd: CIPC annual return');

    const customerAsks = await me.call('GET', '/api/admin/compliance/filings');
    expect(customerAsks.statusCode).toBe(401);
    const { cookie } = await signInAdmin(shop.t.app, { role: 'staff' });
    const admin = (method: 'GET' | 'POST', url: string) =>
      shop.t.app.inject({ method, url, headers: { cookie, origin: shop.base } });
    const list = (await admin('GET', '/api/admin/compliance/filings')).json<ComplianceFilingList>();
    const task = list.items.find((item) => item.registrationNumber === company.registrationNumber)!;
    expect(task).toMatchObject({ status: 'open', dueOn, customerEmail: me.email });
    expect(
      list.items.some((item) => item.registrationNumber === uncovered.registrationNumber),
    ).toBe(false);

    const filed = await admin('POST', `/api/admin/compliance/filings/${task.id}/filed`);
    expect(filed.statusCode, filed.body).toBe(200);
    const again = await admin('POST', `/api/admin/compliance/filings/${task.id}/filed`);
    expect(again.statusCode).toBe(409);
    const unknown = await admin(
      'POST',
      `/api/admin/compliance/filings/${crypto.randomUUID()}/filed`,
    );
    expect(unknown.statusCode).toBe(404);

    const calendar = (await me.call('GET', '/api/compliance')).json<ComplianceCalendar>();
    const item = calendar.companies
      .find((c) => c.id === company.id)!
      .items.find((i) => i.kind === 'annual-return' && i.dueOn === dueOn)!;
    expect(item.done).toBe(true);
    const [told] = await mailsTo(me.email, 'Filed for Mokoena Logistics (Pty) Ltd');
    expect(told!.text).toContain('marked done on your compliance calendar');
  });
});
