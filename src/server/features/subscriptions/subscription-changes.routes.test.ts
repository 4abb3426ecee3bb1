import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  jobs,
  orderItems,
  orders,
  paymentNotifications,
  payfastSimulatorSubscriptions,
  servicePackages,
  subscriptions,
} from '#db/schema/index.ts';
import { formatDate, nextMonth, saToday } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import type { Subscription } from '#shared/subscriptions.schemas.ts';
import { sessionCookie, signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { payOnSimulator } from '../../../../tests/helpers/simulator.ts';
import { startPayfastApiStandIn } from '../../../../tests/stubs/payfast-api-stand-in.ts';

/**
 * The customer's pause, resume and change of package, and the owner's move to a new catalogue
 * price, on the production path: PayFast is the simulator over HTTP, its "bill" is the billing
 * day, and the clock (Date) is the test's where the day matters.
 */
let shop: ListeningShop;
const t = () => shop.t;
const db = () => shop.t.app.database.db;

beforeAll(async () => {
  shop = await startListeningShop();
});
afterAll(() => shop.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A customer with one paid monthly package: their cookie, email and subscription. */
async function subscribe(packageId: string, addOnIds: string[] = []) {
  const customer = await signUp(t().app, { fullName: 'Lindiwe Dube' });
  const order = await t().app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { items: [{ type: 'package', packageId, addOnIds }] },
    headers: { cookie: customer.cookie },
  });
  expect(order.statusCode).toBe(201);
  const form = await t().app.inject({
    method: 'POST',
    url: `/api/orders/${order.json<{ reference: string }>().reference}/payfast`,
    headers: { cookie: customer.cookie },
  });
  const started = form.json<{
    action: string;
    reference: string;
    fields: Record<string, string>;
  }>();
  await payOnSimulator(t().app, shop.base, started);
  const [held] = (await db().select().from(payfastSimulatorSubscriptions)).filter(
    (s) => s.form.m_payment_id === started.reference,
  );
  const [mine] = await list(customer.cookie);
  return { ...customer, token: held!.token, reference: mine!.reference };
}

async function list(cookie: string) {
  const response = await t().app.inject({
    method: 'GET',
    url: '/api/subscriptions',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Subscription[]>();
}

const act = (
  who: { cookie: string; reference: string },
  action: 'pause' | 'resume' | 'package',
  payload?: object,
) =>
  t().app.inject({
    method: 'POST',
    url: `/api/subscriptions/${who.reference}/${action}`,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

/** PayFast's billing day for the subscription: the simulator charges (or skips) it now. */
async function bill(token: string) {
  const response = await fetch(`${shop.base}/payfast-simulator/subscriptions/${token}/bill`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'complete' }),
  });
  expect(response.status).toBe(200);
  const sent = (await response.json()) as { status: string; pfPaymentId: string };
  await t().app.jobs.drain();
  return sent;
}

const held = async (token: string) =>
  (
    await db()
      .select()
      .from(payfastSimulatorSubscriptions)
      .where(eq(payfastSimulatorSubscriptions.token, token))
  )[0]!;

const row = async (reference: string) =>
  (await db().select().from(subscriptions).where(eq(subscriptions.reference, reference)))[0]!;

describe('pause and resume', () => {
  it('pauses a bookkeeping subscription at PayFast, skips the months, resumes on the clock’s day', async () => {
    const today = new Date();
    const me = await subscribe('finance-bookkeeping');
    const first = nextMonth(saToday(today));
    let [mine] = await list(me.cookie);
    expect(mine).toMatchObject({ pausable: true, pausedUntil: null });
    expect(mine!.nextCharges.map((c) => [c.date, c.amount])).toEqual([
      [first, 1299],
      [nextMonth(first), 1299],
      [nextMonth(nextMonth(first)), 1299],
    ]);

    const paused = await act(me, 'pause', { months: 2 });
    expect(paused.statusCode).toBe(200);
    const resumesOn = nextMonth(nextMonth(first));
    expect(paused.json<Subscription>()).toMatchObject({
      pausedUntil: resumesOn,
      nextBillingDate: resumesOn,
      nextCharges: [
        { date: resumesOn, amount: 1299, note: 'First charge after the pause' },
        {},
        {},
      ],
      history: [{ actor: 'customer', note: expect.stringContaining('Paused for 2 months') }],
    });
    expect((await held(me.token)).pausedCycles).toBe(2);
    await shop.smtp.waitFor(t().config.site.contactEmail, `Subscription ${me.reference} changed`);

    // Asked again (a double click): answered as it is, PayFast not asked twice.
    const again = await act(me, 'pause', { months: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json<Subscription>().history).toHaveLength(1);

    // The first billing day passes without a charge.
    expect((await bill(me.token)).status).toBe('PAUSED');
    expect((await list(me.cookie))[0]!.charges).toHaveLength(1);

    // The day after it, the customer resumes: the next charge is the second skipped date.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(`${first}T12:00:00+02:00`) + 86_400_000 });
    // A month on, the session has ended: the customer signs in again.
    const login = await t().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: me.email, password: me.password },
    });
    expect(login.statusCode).toBe(200);
    me.cookie = sessionCookie(login);
    const resumed = await act(me, 'resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<Subscription>()).toMatchObject({
      pausedUntil: null,
      nextBillingDate: nextMonth(first),
      history: [{ note: `Resumed: charged again from ${formatDate(nextMonth(first))}` }, {}],
    });
    expect((await held(me.token)).pausedCycles).toBe(0);
    vi.useRealTimers();
    const charged = await bill(me.token);
    expect(charged.status).toBe('COMPLETE');
    [mine] = await list(me.cookie);
    expect(mine!.charges[0]).toMatchObject({ status: 'paid', amount: 1299 });
    expect(mine!.nextBillingDate).toBe(nextMonth(nextMonth(first)));
  });

  it('refuses to pause what the catalogue does not allow, and says PayFast’s no without changing anything', async () => {
    const mail = await subscribe('email-single');
    expect((await list(mail.cookie))[0]!.pausable).toBe(false);
    const refused = await act(mail, 'pause', { months: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toContain('cannot be paused');

    // PayFast already holds it paused (paused in its dashboard): its refusal is shown, nothing written.
    const books = await subscribe('finance-bookkeeping-vat');
    await db()
      .update(payfastSimulatorSubscriptions)
      .set({ pausedCycles: 1 })
      .where(eq(payfastSimulatorSubscriptions.token, books.token));
    const no = await act(books, 'pause', { months: 1 });
    expect(no.statusCode).toBe(409);
    expect(no.json<{ error: string }>().error).toBe(
      'PayFast refused the change, so nothing was changed. PayFast refused (400): Subscription is already paused',
    );
    expect((await row(books.reference)).pausedAt).toBeNull();
    expect((await act(books, 'pause', { months: 4 })).statusCode).toBe(400);
  });

  it('answers 503 when PayFast does not answer, and writes nothing', async () => {
    const books = await subscribe('finance-complete');
    const apiUrl = t().config.payfast.apiUrl;
    // Nothing listens on port 9: the call fails as a timeout would, with no answer.
    t().config.payfast.apiUrl = 'http://127.0.0.1:9/payfast-simulator/api';
    try {
      const down = await act(books, 'pause', { months: 1 });
      expect(down.statusCode).toBe(503);
      expect(down.json<{ error: string }>().error).toBe(
        'PayFast did not answer, so nothing was changed. Please try again in a few minutes.',
      );
    } finally {
      t().config.payfast.apiUrl = apiUrl;
    }
    expect(await row(books.reference)).toMatchObject({ pausedAt: null, resumesOn: null });
    expect((await list(books.cookie))[0]!.history).toEqual([]);
  });
});

describe('change of package', () => {
  it('bills the new package from the next charge: PayFast’s amount, the renewal order’s lines, the old amount refused after', async () => {
    // With a once-off part, so the first payment's amount is neither monthly amount.
    const me = await subscribe('email-single', ['email-migration']);
    const first = nextMonth(saToday());
    const [before] = await list(me.cookie);
    expect(before!.packageOptions.map((o) => [o.id, o.current])).toEqual([
      ['email-single', true],
      ['email-team', false],
      ['email-business', false],
    ]);

    const changed = await act(me, 'package', { packageId: 'email-team' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Subscription>()).toMatchObject({
      amount: 59,
      pendingChange: {
        kind: 'package',
        title: 'Custom e-mail: 5 mailboxes',
        amount: 279,
        startsOn: first,
      },
      nextCharges: [
        { date: first, amount: 279, note: 'New package: Custom e-mail: 5 mailboxes' },
        { amount: 279 },
        {},
      ],
    });
    // PayFast was told at once (PATCH …/update, amount in cents): the next charge is the new one.
    expect((await held(me.token)).form.recurring_amount).toBe('279.00');
    const team = await shop.smtp.waitFor(
      t().config.site.contactEmail,
      `Subscription ${me.reference} changed`,
    );
    expect(team.text).toContain('Custom e-mail: 5 mailboxes');
    // The same change again is no second change.
    expect(
      (await act(me, 'package', { packageId: 'email-team' })).json<Subscription>().history,
    ).toHaveLength(1);
    // Another service's package is not a change of this one.
    expect((await act(me, 'package', { packageId: 'finance-bookkeeping' })).statusCode).toBe(400);

    // The change date's charge: the renewal order carries the new line and amount.
    expect((await bill(me.token)).status).toBe('COMPLETE');
    const [after] = await list(me.cookie);
    expect(after).toMatchObject({
      amount: 279,
      title: 'Custom e-mail: 5 mailboxes',
      pendingChange: null,
    });
    const renewal = after!.charges[0]!;
    expect(renewal).toMatchObject({ status: 'paid', amount: 279 });
    const lines = await db()
      .select()
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.reference, renewal.orderReference!));
    expect(
      lines.map((l) => [l.order_items.title, l.order_items.packageId, l.order_items.totalCents]),
    ).toEqual([['Custom e-mail: 5 mailboxes', 'email-team', 27_900]]);
    expect(lines[0]!.orders.totalCents).toBe(27_900);

    // PayFast charging the old amount after the change date is a mismatch, as any other amount.
    const sim = await held(me.token);
    await db()
      .update(payfastSimulatorSubscriptions)
      .set({ form: { ...sim.form, recurring_amount: '59.00' } })
      .where(eq(payfastSimulatorSubscriptions.token, me.token));
    const stale = await bill(me.token);
    const [verdict] = await db()
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.externalId, stale.pfPaymentId));
    expect(verdict).toMatchObject({
      accepted: false,
      reason: 'amount 59.00 does not match 279.00',
    });
    expect((await list(me.cookie))[0]!.charges).toHaveLength(2);
  });
});

describe('a catalogue price moved to running subscriptions', () => {
  it('gives notice, keeps the old price until its last charge, then tells PayFast and bills the new one', async () => {
    const me = await subscribe('finance-bookkeeping');
    const admin = await signInAdmin(t().app);
    const first = nextMonth(saToday());
    await db()
      .update(servicePackages)
      .set({ priceCents: 139_900 })
      .where(eq(servicePackages.id, 'finance-bookkeeping'));
    try {
      const now = new Date();
      vi.useFakeTimers({ toFake: ['Date'], now });
      const offer = await t().app.inject({
        method: 'GET',
        url: '/api/admin/catalogue/packages/finance-bookkeeping/price-move',
        headers: { cookie: admin.cookie },
      });
      expect(offer.statusCode).toBe(200);
      const earliest = offer.json<{ earliest: string; subscriptions: number }>().earliest;
      expect(offer.json()).toMatchObject({ noticeDays: 30, price: 1399 });
      const move = (from: string) =>
        t().app.inject({
          method: 'POST',
          url: '/api/admin/catalogue/packages/finance-bookkeeping/price-move',
          headers: { cookie: admin.cookie },
          payload: { from },
        });
      const early = await move(saToday(now));
      expect(early.statusCode).toBe(400);
      expect(early.json<{ error: string }>().error).toBe(
        `The new price can start on ${formatDate(earliest)} at the earliest: customers are given 30 days' notice`,
      );
      // From the day after the first billing date: that charge is still at the old price.
      const dayAfterFirst = new Date(Date.parse(`${first}T00:00:00Z`) + 86_400_000)
        .toISOString()
        .slice(0, 10);
      expect(dayAfterFirst > earliest).toBe(true);
      const moved = await move(dayAfterFirst);
      expect(moved.statusCode).toBe(200);
      expect(moved.json<{ moved: number }>().moved).toBeGreaterThanOrEqual(1);
      vi.useRealTimers();
      const startsOn = (await row(me.reference)).pendingChange!.startsOn;
      expect(startsOn).toBe(nextMonth(first));
      const notice = await shop.smtp.waitFor(me.email, 'New monthly price');
      expect(notice.text).toContain(`from ${formatZAR(129_900)} to ${formatZAR(139_900)}`);
      expect(notice.text).toContain(formatDate(startsOn));
      // Moving again mails nobody twice.
      expect((await move(dayAfterFirst)).json()).toMatchObject({ moved: 0, skipped: [] });

      // Not before the last charge at the old price: PayFast still charges R1 299 and no job waits.
      const { id } = await row(me.reference);
      const waiting = await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, 'push-subscription-amount'), eq(jobs.status, 'queued')));
      expect(waiting.filter((j) => j.payload.subscriptionId === id)).toEqual([]);
      expect((await held(me.token)).form.recurring_amount).toBe('1299.00');
      expect((await list(me.cookie))[0]!.nextCharges.map((c) => c.amount)).toEqual([
        1299, 1399, 1399,
      ]);

      // The first billing date: the last R1 299; right after it PayFast is told R1 399.
      await bill(me.token);
      expect((await list(me.cookie))[0]!.charges[0]).toMatchObject({
        amount: 1299,
        status: 'paid',
      });
      expect((await held(me.token)).form.recurring_amount).toBe('1399.00');
      expect((await list(me.cookie))[0]!.history[0]!.note).toBe(
        `PayFast charges ${formatZAR(139_900)} from ${formatDate(startsOn)}`,
      );
      // The change date: R1 399 is billed, and is the subscription's price from then on.
      await bill(me.token);
      expect((await list(me.cookie))[0]).toMatchObject({ amount: 1399, pendingChange: null });
      expect((await list(me.cookie))[0]!.charges[0]).toMatchObject({
        amount: 1399,
        status: 'paid',
      });
    } finally {
      await db()
        .update(servicePackages)
        .set({ priceCents: 129_900 })
        .where(eq(servicePackages.id, 'finance-bookkeeping'));
    }
  });

  it('tells PayFast the old amount again when a pause that passed the new price’s day ends early', async () => {
    const me = await subscribe('finance-bookkeeping-vat');
    const admin = await signInAdmin(t().app);
    const first = nextMonth(saToday());
    expect((await act(me, 'pause', { months: 2 })).statusCode).toBe(200);
    await db()
      .update(servicePackages)
      .set({ priceCents: 239_900 })
      .where(eq(servicePackages.id, 'finance-bookkeeping-vat'));
    try {
      const offer = await t().app.inject({
        method: 'GET',
        url: '/api/admin/catalogue/packages/finance-bookkeeping-vat/price-move',
        headers: { cookie: admin.cookie },
      });
      const moved = await t().app.inject({
        method: 'POST',
        url: '/api/admin/catalogue/packages/finance-bookkeeping-vat/price-move',
        headers: { cookie: admin.cookie },
        payload: { from: offer.json<{ earliest: string }>().earliest },
      });
      expect(moved.statusCode).toBe(200);
      // Paused past it: the first charge after the pause is at the new price, told at once.
      await t().app.jobs.drain();
      expect((await row(me.reference)).pendingChange!.startsOn).toBe(nextMonth(nextMonth(first)));
      expect((await held(me.token)).form.recurring_amount).toBe('2399.00');
      // Resumed now: the next charge is before the new price's day, so PayFast is told the old.
      expect((await act(me, 'resume')).statusCode).toBe(200);
      await t().app.jobs.drain();
      expect((await held(me.token)).form.recurring_amount).toBe('2299.00');
      await bill(me.token);
      expect((await list(me.cookie))[0]!.charges[0]).toMatchObject({
        amount: 2299,
        status: 'paid',
      });
    } finally {
      await db()
        .update(servicePackages)
        .set({ priceCents: 229_900 })
        .where(eq(servicePackages.id, 'finance-bookkeeping-vat'));
    }
  });

  it('tells the team, and keeps it in the history, when PayFast refuses the new amount', async () => {
    const me = await subscribe('email-business');
    const admin = await signInAdmin(t().app);
    const first = nextMonth(saToday());
    const stand = await startPayfastApiStandIn();
    const apiUrl = t().config.payfast.apiUrl;
    await db()
      .update(servicePackages)
      .set({ priceCents: 109_900 })
      .where(eq(servicePackages.id, 'email-business'));
    try {
      // PayFast answers from elsewhere and no longer knows the token: a refusal (404).
      t().config.payfast.apiUrl = stand.apiUrl;
      const offer = await t().app.inject({
        method: 'GET',
        url: '/api/admin/catalogue/packages/email-business/price-move',
        headers: { cookie: admin.cookie },
      });
      const { earliest } = offer.json<{ earliest: string }>();
      const moved = await t().app.inject({
        method: 'POST',
        url: '/api/admin/catalogue/packages/email-business/price-move',
        headers: { cookie: admin.cookie },
        payload: { from: first >= earliest ? first : earliest },
      });
      expect(moved.statusCode).toBe(200);
      // The last charge at the old price, if one is left before the new price starts.
      if ((await row(me.reference)).pendingChange!.startsOn > first) await bill(me.token);
      await t().app.jobs.drain();
      const team = await shop.smtp.waitFor(
        t().config.site.contactEmail,
        `Subscription ${me.reference} changed`,
      );
      expect(team.text).toContain(
        `PayFast did not take the new monthly amount of ${formatZAR(109_900)}`,
      );
      expect(team.text).toContain('Subscription not found');
      expect((await row(me.reference)).methodAmountCents).toBeNull();
      expect((await list(me.cookie))[0]!.history[0]!.note).toMatch(
        /^PayFast was not told the new amount of .*Subscription not found$/,
      );
    } finally {
      t().config.payfast.apiUrl = apiUrl;
      await stand.close();
      await db()
        .update(servicePackages)
        .set({ priceCents: 99_900 })
        .where(eq(servicePackages.id, 'email-business'));
    }
  });
});
