import { and, asc, eq, gt, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  domainOrders,
  dunningCases,
  invoices,
  jobs,
  mailOutbox,
  orderItems,
  orders,
  payfastSimulatorSubscriptions,
  payments as paymentsTable,
  savedCards,
  subscriptions,
} from '#db/schema/index.ts';
import { formatDate, saToday } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import type { Subscription } from '#shared/subscriptions.schemas.ts';
import { sessionCookie, signUp } from '../../../../tests/helpers/accounts.ts';
import { controlledClock } from '../../../../tests/helpers/clock.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { payOnSimulator } from '../../../../tests/helpers/simulator.ts';

/**
 * A year of one customer, replayed on a clock the test moves a day at a time: a monthly
 * bookkeeping subscription charged by PayFast and two domains renewed on a saved card, with
 * failed charges, dunning, suspension, a replaced card and the end of the subscription. Every
 * mail the customer and the team get, every charge, invoice and state is checked.
 */
let shop: ListeningShop;
let clock: ReturnType<typeof controlledClock>;
let customer: { cookie: string; email: string; password: string };

beforeAll(async () => {
  shop = await startListeningShop({ CONTACT_EMAIL: 'team@example.co.za' });
  customer = await signUp(shop.t.app, { fullName: 'Lerato Mokoena' });
  clock = controlledClock(shop.t.app);
});
afterAll(async () => {
  clock.stop();
  await shop.close();
});

const app = () => shop.t.app;
const db = () => app().database.db;
const as = () => ({ cookie: customer.cookie });

async function placeAndPay(items: unknown[], saveCard = false): Promise<string> {
  const placed = await app().inject({
    method: 'POST',
    url: '/api/orders',
    payload: { items },
    headers: as(),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const reference = placed.json<{ reference: string }>().reference;
  const form = await app().inject({
    method: 'POST',
    url: `/api/orders/${reference}/payfast`,
    payload: { saveCard },
    headers: as(),
  });
  expect(form.statusCode, form.body).toBe(200);
  await payOnSimulator(app(), shop.base, form.json());
  return reference;
}

const registrant = {
  type: 'individual',
  fullName: 'Lerato Mokoena',
  email: 'lerato@example.co.za',
  phone: '082 555 0199',
  address1: '12 Jan Smuts Avenue',
  city: 'Johannesburg',
  province: 'Gauteng',
  postalCode: '2196',
};
const domain = (name: string) => ({ type: 'domain', domain: name, years: 1, registrant });

/**
 * Signs the customer in again: a session idle for 30 days ends (and the daily retention job
 * deletes it), as the replay jumps from one event to the next.
 */
async function signIn() {
  const response = await app().inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: customer.email, password: customer.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  customer.cookie = sessionCookie(response);
}

async function mySubscription(): Promise<Subscription> {
  await signIn();
  const response = await app().inject({ method: 'GET', url: '/api/subscriptions', headers: as() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Subscription[]>()[0]!;
}

async function bill(token: string, outcome: 'complete' | 'fail') {
  const response = await fetch(`${shop.base}/payfast-simulator/subscriptions/${token}/bill`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome }),
  });
  expect(response.status, await response.text()).toBe(200);
}

async function switchCard(token: string, card: 'accepts' | 'declines') {
  const response = await fetch(`${shop.base}/payfast-simulator/subscriptions/${token}/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ card }),
  });
  expect(response.status).toBe(200);
}

/** The customer opens "Replace card" and saves a new card on PayFast's page. */
async function replaceCard(token: string) {
  const page = `${shop.base}/payfast-simulator/eng/recurring/update/${token}`;
  const response = await fetch(page, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ return: `${shop.base}/user/payments` }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
}

async function renewalOrderOf(name: string): Promise<string> {
  const [renewal] = await db()
    .select({ reference: orders.reference })
    .from(domainOrders)
    .innerJoin(orderItems, eq(orderItems.domainOrderId, domainOrders.id))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(domainOrders.domain, name), eq(domainOrders.kind, 'renewal')));
  return renewal!.reference;
}

async function payOrder(reference: string) {
  await signIn();
  const form = await app().inject({
    method: 'POST',
    url: `/api/orders/${reference}/payfast`,
    headers: as(),
  });
  expect(form.statusCode, form.body).toBe(200);
  await payOnSimulator(app(), shop.base, form.json());
}

const seen = new Set<string>();
const log: { day: number; to: string; subject: string; text: string }[] = [];
async function collectMails(day: number) {
  const rows = await db().select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    log.push({ day, to: row.to, subject: row.subject, text: row.text });
  }
}

const dayMs = 86_400_000;
const aYearOn = (at: Date) => {
  const later = new Date(at);
  later.setUTCFullYear(at.getUTCFullYear() + 1);
  return later;
};
/** How long each visited day runs: its jobs due within an hour of its start. */
const visitMs = 3_600_000;
/**
 * The first day after `after` whose date in South Africa is `date` (YYYY-MM-DD); none when the
 * date has passed (a failed month waits for PayFast's retry, which the script plays).
 */
function dayOfDate(date: string, after: number): number {
  if (date <= saToday(clock.day(after))) return Infinity;
  for (let day = after + 1; day <= after + 62; day++) {
    if (saToday(clock.day(day)) === date) return day;
  }
  throw new Error(`${date} is not within two months of day ${after}`);
}

/** The housekeeping that runs every few minutes or daily: it runs on the days visited. */
const housekeeping = [
  'owner-alerts',
  'retention',
  'backup',
  'registrar-prices',
  'registrar-reconciliation',
  'poll-support-mailbox',
  'compliance-reminders',
  'ticket-desk-watch',
];

async function nextJobDay(after: number): Promise<number> {
  const [next] = await db()
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'queued'),
        gt(jobs.runAt, clock.now),
        notInArray(jobs.name, housekeeping),
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(1);
  if (!next) return Infinity;
  // The day whose visit (its start, then an hour of jobs) reaches the job's time.
  const since = next.runAt.getTime() - clock.day(0).getTime() - visitMs;
  return Math.max(after + 1, Math.ceil(since / dayMs));
}

describe('a year of a customer with one subscription and two domains', () => {
  it(
    'charges, reminds, suspends, restores, renews and ends as a person would expect',
    {
      timeout: 180_000,
    },
    async () => {
      // Day 0: bookkeeping by the month, and two domains paid with the card kept for renewals.
      const firstOrder = await placeAndPay([
        { type: 'package', packageId: 'finance-bookkeeping', addOnIds: [] },
      ]);
      const domainsOrder = await placeAndPay(
        [domain('lerato-year.com'), domain('lerato-year.co.za')],
        true,
      );
      await clock.moveTo(clock.day(0));
      await collectMails(0);
      const subscriptionToken = (await db().select().from(payfastSimulatorSubscriptions)).find(
        (held) => held.form.subscription_type === '1',
      )!.token;
      const [card] = await db().select().from(savedCards);
      expect(card).toBeDefined();
      const registered = await db().select().from(domainOrders);
      const expiry = registered[0]!.expiresAt!;
      const nextYear = aYearOn(expiry);
      const expiryDay = Math.round((expiry.getTime() - clock.day(0).getTime()) / dayMs);

      // PayFast charges on each billing date; the script says how each month goes: month 4 fails
      // and PayFast's retry goes through 5 days later, month 8 fails and is paid 16 days later (after
      // the suspension), month 11 is never paid. The card kept for renewals expires before the
      // domains are due (day 340); the customer replaces it on PayFast's page after the refusal
      // (expiry - 10) and pays the .co.za renewal by card themselves (expiry - 9).
      const failedMonths = new Set([4, 8, 11]);
      const retryAfter = new Map([
        [4, 5],
        [8, 16],
      ]);
      const retries = new Map<number, number>();
      const charges: { day: number; month: number; outcome: 'complete' | 'fail' }[] = [];
      const script = new Map<number, () => Promise<void>>([
        [340, () => switchCard(card!.token, 'declines')],
        [expiryDay - 10, () => replaceCard(card!.token)],
        [expiryDay - 9, async () => payOrder(await renewalOrderOf('lerato-year.co.za'))],
      ]);
      let month = 0;
      let day = 0;
      const lastDay = 400;
      while (day < lastDay) {
        // The next day something can happen on: a job due, a billing date, a scripted step.
        const subscription = await mySubscription();
        const billingDay =
          subscription.status === 'active' && subscription.nextBillingDate
            ? dayOfDate(subscription.nextBillingDate, day)
            : Infinity;
        day = Math.min(
          lastDay,
          billingDay,
          await nextJobDay(day),
          ...[...script.keys(), ...retries.keys()].filter((d) => d > day),
        );
        clock.set(clock.day(day));
        if (day === billingDay) {
          month++;
          const outcome = failedMonths.has(month) ? 'fail' : 'complete';
          await bill(subscriptionToken, outcome);
          charges.push({ day, month, outcome });
          const after = retryAfter.get(month);
          if (outcome === 'fail' && after) retries.set(day + after, month);
        } else if (retries.has(day)) {
          await bill(subscriptionToken, 'complete');
          charges.push({ day, month: retries.get(day)!, outcome: 'complete' });
        }
        await script.get(day)?.();
        // What the day's charge or step sets off happens then (a failed charge is due from then).
        await clock.moveTo(clock.now);
        await clock.moveTo(new Date(clock.now.getTime() + visitMs));
        await collectMails(day);
      }

      // The charges: eleven billing dates a month apart, two retries paid.
      expect(charges.map((c) => `${c.month} ${c.outcome}`)).toEqual([
        '1 complete',
        '2 complete',
        '3 complete',
        '4 fail',
        '4 complete',
        '5 complete',
        '6 complete',
        '7 complete',
        '8 fail',
        '8 complete',
        '9 complete',
        '10 complete',
        '11 fail',
      ]);
      const failDay = (m: number) =>
        charges.find((c) => c.month === m && c.outcome === 'fail')!.day;

      // Every mail, in order, with the day it went on.
      const who = (to: string) =>
        to === customer.email ? 'customer' : to === 'team@example.co.za' ? 'team' : 'registrant';
      const got = log
        .filter((m) => !m.subject.startsWith('Confirm your e-mail'))
        .map((m) => `${m.day} ${who(m.to)}: ${m.subject.replace(/(SO|SUB)-[0-9A-Z]+/g, '$1-…')}`);
      const service = 'Financial management: Bookkeeping';
      const receipt = (c: { day: number }) =>
        `${c.day} customer: Monthly payment received: ${service}`;
      const paidMonths = charges.filter((c) => c.outcome === 'complete');
      const dunned = (m: number, steps: [number, string, string][]) =>
        steps.map(([after, to, subject]) => `${failDay(m) + after} ${to}: ${subject}`);
      const failed = (m: number) => [
        `${failDay(m)} team: Monthly payment failed: subscription SUB-…`,
        `${failDay(m)} customer: Your monthly payment did not go through: ${service}`,
      ];
      const expected = [
        '0 customer: Payment received for order SO-…',
        '0 customer: Payment received for order SO-…',
        '0 registrant: lerato-year.com is registered',
        '0 registrant: lerato-year.co.za is registered',
        ...paidMonths.slice(0, 3).map(receipt),
        ...failed(4),
        ...dunned(4, [[3, 'customer', `Payment still due: ${service}`]]),
        receipt(paidMonths[3]!),
        ...paidMonths.slice(4, 7).map(receipt),
        ...failed(8),
        ...dunned(8, [
          [3, 'customer', `Payment still due: ${service}`],
          [7, 'customer', `Payment still due: ${service}`],
          [10, 'customer', `Final notice: ${service}`],
          [14, 'team', `Suspend: ${service} for ${customer.email}`],
          [14, 'customer', `Service suspended: ${service}`],
          [16, 'team', `Resume: ${service} for ${customer.email}`],
        ]),
        receipt(paidMonths[7]!),
        ...paidMonths.slice(8).map(receipt),
        ...failed(11),
        `${expiryDay - 30} registrant: lerato-year.com expires on ${formatDate(expiry)}`,
        `${expiryDay - 30} registrant: lerato-year.co.za expires on ${formatDate(expiry)}`,
        ...dunned(11, [
          [3, 'customer', `Payment still due: ${service}`],
          [7, 'customer', `Payment still due: ${service}`],
          [10, 'customer', `Final notice: ${service}`],
          [14, 'team', `Suspend: ${service} for ${customer.email}`],
          [14, 'customer', `Service suspended: ${service}`],
        ]),
        // 14 days before expiry both renewals are charged to the saved card, which now declines.
        `${expiryDay - 14} customer: We could not charge your card for order SO-…`,
        `${expiryDay - 14} customer: We could not charge your card for order SO-…`,
        // The customer pays the .co.za themselves; the .com is charged again to the new card at
        // the reminder 3 days before expiry, after the 7-day expiry reminder asked for it.
        `${expiryDay - 9} customer: Payment received for order SO-…`,
        `${expiryDay - 9} registrant: lerato-year.co.za is renewed until ${formatDate(nextYear)}`,
        `${expiryDay - 7} registrant: lerato-year.com expires on ${formatDate(expiry)}`,
        `${expiryDay - 3} customer: Payment received for order SO-…`,
        `${expiryDay - 3} registrant: lerato-year.com is renewed until ${formatDate(nextYear)}`,
        ...dunned(11, [
          [45, 'team', `End: ${service} for ${customer.email}`],
          [45, 'customer', `Cancelled unpaid: ${service}`],
        ]),
      ];
      expect(got.sort(byDay)).toEqual(expected.sort(byDay));

      // Each mail to the customer names its amount and carries its link.
      const monthly = formatZAR(129_900);
      const mails = (start: string) => log.filter((m) => m.subject.startsWith(start));
      const payments = `${shop.base}/user/payments`;
      for (const start of [
        'Monthly payment received',
        'Your monthly payment did not go through',
        'Payment still due',
        'Final notice',
        'Service suspended',
      ]) {
        for (const mail of mails(start)) {
          expect(mail.text, mail.subject).toContain(monthly);
          expect(mail.text, mail.subject).toContain(payments);
        }
      }
      for (const mail of mails('Monthly payment received')) {
        expect(mail.text).toMatch(/Your tax invoice INV-\d{6} is attached as a PDF/);
      }
      expect(mails('Cancelled unpaid')[0]!.text).toContain(`${monthly} due since`);
      const renewals = await db()
        .select({ order: orders })
        .from(domainOrders)
        .innerJoin(orderItems, eq(orderItems.domainOrderId, domainOrders.id))
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(domainOrders.kind, 'renewal'));
      expect(renewals).toHaveLength(2);
      for (const { order } of renewals) {
        const [declined] = mails(`We could not charge your card for order ${order.reference}`);
        expect(declined!.text).toContain(`We tried to charge ${formatZAR(order.totalCents)}`);
        expect(declined!.text).toContain(`${shop.base}/user/orders/${order.reference}`);
        const [paid] = mails(`Payment received for order ${order.reference}`);
        expect(paid!.text).toContain(`is paid in full (${formatZAR(order.totalCents)}`);
      }
      // The 30-day reminder says the saved card will be charged; the 7-day one, sent while the
      // .com's renewal is refused and unpaid, asks for that order.
      const [thirtyDays] = mails('lerato-year.com expires on');
      expect(thirtyDays!.text).toContain(
        `we charge the renewal to your saved card (${card!.label})`,
      );
      const comRenewal = await renewalOrderOf('lerato-year.com');
      const dueCom = renewals.find((r) => r.order.reference === comRenewal)!.order.totalCents;
      expect(mails('lerato-year.com expires on')[1]!.text).toContain(
        `Its renewal order ${comRenewal} for ${formatZAR(dueCom)} is waiting for payment`,
      );
      expect(mails('lerato-year.com expires on')[1]!.text).toContain(
        `${shop.base}/user/orders/${comRenewal}`,
      );

      // The invoices: one per paid order, numbered without a gap, each for what was paid.
      const issued = await db()
        .select({ invoice: invoices, order: orders })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .orderBy(asc(invoices.number));
      const first = issued[0]!.invoice.number;
      expect(issued.map((row) => row.invoice.number)).toEqual(
        issued.map((_, index) => first + index),
      );
      expect(issued.map((row) => row.order.reference).slice(0, 2)).toEqual([
        firstOrder,
        domainsOrder,
      ]);
      const monthlyInvoices = issued.filter((row) => row.invoice.totalCents === 129_900);
      expect(monthlyInvoices).toHaveLength(1 + paidMonths.length);
      for (const row of issued) expect(row.invoice.totalCents).toBe(row.order.totalCents);
      expect(issued).toHaveLength(2 + paidMonths.length + renewals.length);
      const allOrders = await db().select().from(orders);
      // Paid, or paid and delivered (a renewal done at the registrar); none left owing.
      const settled = ['paid', 'completed'];
      expect(allOrders.filter((order) => !settled.includes(order.status))).toEqual([]);

      // The states at the end: the subscription ended unpaid, both names renewed for a year.
      const [ended] = await db().select().from(subscriptions);
      expect(ended).toMatchObject({ status: 'cancelled', failedCharges: 1 });
      const [held] = await db()
        .select()
        .from(payfastSimulatorSubscriptions)
        .where(eq(payfastSimulatorSubscriptions.token, subscriptionToken));
      expect(held!.status).toBe('cancelled');
      const names = await db()
        .select()
        .from(domainOrders)
        .where(eq(domainOrders.kind, 'registration'));
      const byName = (a: { domain: string }, b: { domain: string }) =>
        a.domain.localeCompare(b.domain);
      expect(
        names.sort(byName).map((name) => [name.domain, name.status, name.expiresAt!.getTime()]),
      ).toEqual(
        registered
          .sort(byName)
          .map((name) => [name.domain, 'active', aYearOn(name.expiresAt!).getTime()]),
      );
      const cases = await db().select().from(dunningCases).orderBy(asc(dunningCases.dueAt));
      expect(cases.map((row) => `${row.kind} ${row.status}`)).toEqual([
        'monthly paid',
        'monthly paid',
        'monthly cancelled',
        'domain paid',
        'domain paid',
      ]);
      const charged = await db().select().from(paymentsTable);
      expect(charged.filter((p) => p.status === 'failed')).toHaveLength(3 + 2);
    },
  );
});

/** Mails of one day in any order (two jobs of a day may run either way round), days in order. */
const byDay = (a: string, b: string) =>
  Number(a.split(' ')[0]) - Number(b.split(' ')[0]) || a.localeCompare(b);
