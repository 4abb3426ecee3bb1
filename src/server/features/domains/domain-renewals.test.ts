import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainOrderEvents, domainOrders, orderItems, orders, refunds } from '#db/schema/index.ts';
import { formatZAR } from '#shared/money.ts';
import { latestMail, signUp } from '../../../../tests/helpers/accounts.ts';
import {
  createDnsimpleTestApp,
  type DnsimpleTestApp,
} from '../../../../tests/helpers/dnsimple-app.ts';
import { freePort } from '../../../../tests/helpers/free-port.ts';
import { jobsNamed, runRetriesNow } from '../../../../tests/helpers/jobs.ts';
import { invoiceDomainRenewal } from './domain-renewal-invoices.service.ts';
import { payOnSimulator } from '../../../../tests/helpers/simulator.ts';

/**
 * Renewals and transfers in, end to end on the production path: the customer orders through the
 * API, pays on the PayFast simulator's page (its ITN checked over HTTP), and the registrar is
 * DNSimple, played by the stand-in that answers in the shapes of DNSimple's published fixtures
 * (a renewal `new` → `renewed`, a transfer `transferring` → `transferred` | `cancelled`).
 */
let t: DnsimpleTestApp;
let base: string;
let customer: { cookie: string; email: string };

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createDnsimpleTestApp({
    PUBLIC_URL: base,
    RATE_LIMIT_ALLOW: '127.0.0.1',
    CONTACT_EMAIL: 'ops@example.co.za',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  customer = await signUp(t.app, { fullName: 'Sipho Dlamini' });
});
afterAll(() => t.close());

const db = () => t.app.database.db;

const registrant = {
  type: 'individual',
  fullName: 'Sipho Dlamini',
  email: 'sipho@example.co.za',
  phone: '082 555 0101',
  address1: '5 Long Street',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
};

async function placeOrder(items: Record<string, unknown>[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: customer.cookie },
    payload: { items },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ reference: string; total: number; items: { title: string }[] }>();
}

/** Pays an order on the simulator's page ("Complete payment"); the ITN's check job runs. */
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
}

async function lineOf(reference: string) {
  const [row] = await db()
    .select({ domainOrder: domainOrders, order: orders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(domainOrders, eq(domainOrders.id, orderItems.domainOrderId))
    .where(eq(orders.reference, reference));
  return row!;
}

const notes = async (orderId: string) =>
  (
    await db()
      .select()
      .from(domainOrderEvents)
      .where(eq(domainOrderEvents.orderId, orderId))
      .orderBy(domainOrderEvents.id)
  ).map((e) => `${e.toStatus}: ${e.note ?? ''}`);

const posts = (path: string) => t.dnsimple.bodies.filter((b) => b.call.endsWith(path));

/** A .com registered and paid through the shop, active with the stand-in's expiry. */
async function activeDomain(domain: string) {
  const order = await placeOrder([{ type: 'domain', domain, years: 1, registrant }]);
  await pay(order.reference);
  await runRetriesNow(t.app);
  const { domainOrder } = await lineOf(order.reference);
  expect(domainOrder.status).toBe('active');
  return domainOrder;
}

describe('renewing a domain', () => {
  it('puts a renewal line in the cart, and the registrar renews only after payment, once, taking its new expiry', async () => {
    const registration = await activeDomain('renew-me.com');
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/user/domains',
      headers: { cookie: customer.cookie },
    });
    const listed = mine.json<{ domain: string; renewal: unknown; openRenewals: number }[]>();
    // A .com costs us US$14.50 × R18.50 = R268.25 a year; with the 20% markup: R321.90.
    expect(listed.find((d) => d.domain === 'renew-me.com')).toMatchObject({
      renewal: { pricePerYear: 321.9, maxYears: 9 },
      openRenewals: 0,
    });

    const order = await placeOrder([{ type: 'domain-renewal', domain: 'renew-me.com', years: 2 }]);
    expect(order.total).toBe(643.8);
    expect(order.items[0]!.title).toBe('Renewal of renew-me.com, 2 years');
    await t.app.jobs.drain();
    // Not paid: the registrar is not asked.
    expect(posts('/registrar/domains/renew-me.com/renewals')).toHaveLength(0);

    await pay(order.reference);
    // DNSimple answers `new`: the renewal is pending, the expiry unchanged until it is renewed.
    expect(posts('/registrar/domains/renew-me.com/renewals').map((p) => p.body)).toEqual([
      { period: 2 },
    ]);
    const pending = await lineOf(order.reference);
    expect(pending.domainOrder).toMatchObject({ kind: 'renewal', status: 'registering' });
    await runRetriesNow(t.app);

    const { domainOrder: renewal, order: shopOrder } = await lineOf(order.reference);
    const [after] = await db()
      .select()
      .from(domainOrders)
      .where(eq(domainOrders.id, registration.id));
    const expected = new Date(registration.expiresAt!);
    expected.setUTCFullYear(expected.getUTCFullYear() + 2);
    expect(after!.expiresAt!.toISOString().slice(0, 10)).toBe(expected.toISOString().slice(0, 10));
    expect(after!.status).toBe('active');
    expect(renewal).toMatchObject({ status: 'renewed', pendingStep: null });
    expect(renewal.expiresAt!.getTime()).toBe(after!.expiresAt!.getTime());
    expect(shopOrder.status).toBe('completed');
    expect((await notes(registration.id)).at(-1)).toContain('Renewed for 2 years');
    await latestMail(t.app, 'sipho@example.co.za', 'renew-me.com is renewed until');

    // Replayed payment and jobs change nothing: one renewal at the registrar.
    await runRetriesNow(t.app);
    await pay(order.reference).catch(() => undefined);
    await runRetriesNow(t.app);
    expect(posts('/registrar/domains/renew-me.com/renewals')).toHaveLength(1);
    // The next reminders and renewal invoice follow the new expiry.
    const invoices = (await jobsNamed(t.app, 'domain-renewal-invoice')).filter(
      (j) => j.payload.orderId === registration.id,
    );
    expect(invoices.map((j) => j.payload.expiresAt)).toContain(after!.expiresAt!.toISOString());
  });

  it('refuses a renewal of a domain that is not the customer’s, and past ten years', async () => {
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer.cookie },
      payload: { items: [{ type: 'domain-renewal', domain: 'not-mine.com', years: 1 }] },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('not-mine.com is not one of your active domains');
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer.cookie },
      payload: { items: [{ type: 'domain-renewal', domain: 'renew-me.com', years: 10 }] },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toContain('can be renewed for at most');
  });

  it('with auto-renew on, sends a renewal order with a payment link 14 days before expiry, once', async () => {
    const registration = await activeDomain('auto-renew.com');
    expect(registration.autoRenew).toBe(true);
    const [job, ...more] = (await jobsNamed(t.app, 'domain-renewal-invoice')).filter(
      (j) => j.payload.orderId === registration.id,
    );
    expect(more).toHaveLength(0);
    expect(registration.expiresAt!.getTime() - job!.runAt.getTime()).toBe(14 * 86_400_000);

    const deps = { db: db(), registrar: t.app.registrar, config: t.config };
    const expiresAt = registration.expiresAt!.toISOString();
    await Promise.all([
      invoiceDomainRenewal(deps, registration.id, expiresAt),
      invoiceDomainRenewal(deps, registration.id, expiresAt),
    ]);
    await invoiceDomainRenewal(deps, registration.id, expiresAt);
    const renewals = await db()
      .select()
      .from(domainOrders)
      .where(
        and(eq(domainOrders.renewsOrderId, registration.id), eq(domainOrders.kind, 'renewal')),
      );
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ status: 'pending_payment', years: 1, priceCents: 32_190 });
    const mail = await latestMail(t.app, customer.email, 'Renew auto-renew.com before');
    expect(mail.text).toContain(formatZAR(32_190));
    expect(mail.text).toContain(`${base}/user/dashboard`);
    // It is an ordinary unpaid order on the dashboard, paid like any other.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: { cookie: customer.cookie },
    });
    const unpaid = listed
      .json<{ reference: string; status: string; items: { title: string }[] }[]>()
      .find((o) => o.items[0]?.title === 'Renewal of auto-renew.com, 1 year')!;
    expect(unpaid.status).toBe('pending_payment');
    // Not asked of the registrar until paid.
    expect(posts('/registrar/domains/auto-renew.com/renewals')).toHaveLength(0);
    await pay(unpaid.reference);
    await runRetriesNow(t.app);
    expect(posts('/registrar/domains/auto-renew.com/renewals')).toHaveLength(1);
    expect((await lineOf(unpaid.reference)).domainOrder.status).toBe('renewed');

    // Auto-renew off: no invoice for the next expiry.
    const [after] = await db()
      .select()
      .from(domainOrders)
      .where(eq(domainOrders.id, registration.id));
    await db()
      .update(domainOrders)
      .set({ autoRenew: false })
      .where(eq(domainOrders.id, registration.id));
    await invoiceDomainRenewal(deps, registration.id, after!.expiresAt!.toISOString());
    const open = await db()
      .select()
      .from(domainOrders)
      .where(
        and(
          eq(domainOrders.renewsOrderId, registration.id),
          eq(domainOrders.status, 'pending_payment'),
        ),
      );
    expect(open).toHaveLength(0);
  });
});

describe('transferring a domain in', () => {
  it('is priced from the TLD table, asked of the registrar only after payment, polled until transferred', async () => {
    t.dnsimple.registerElsewhere('moving-in.com');
    const order = await placeOrder([
      { type: 'domain-transfer', domain: 'moving-in.com', authCode: 'Ab3$xYz9', registrant },
    ]);
    expect(order.total).toBe(321.9);
    expect(order.items[0]!.title).toBe('Transfer of moving-in.com (adds 1 year)');
    await t.app.jobs.drain();
    expect(posts('/registrar/domains/moving-in.com/transfers')).toHaveLength(0);

    await pay(order.reference);
    expect(posts('/registrar/domains/moving-in.com/transfers').map((p) => p.body)).toEqual([
      expect.objectContaining({ auth_code: 'Ab3$xYz9', auto_renew: false }),
    ]);
    expect((await lineOf(order.reference)).domainOrder).toMatchObject({
      kind: 'transfer',
      status: 'registering',
    });
    const line = (await lineOf(order.reference)).domainOrder;
    const polls = (await jobsNamed(t.app, 'poll-domain-transfer')).filter(
      (j) => j.payload.orderId === line.id,
    );
    expect(polls).toHaveLength(1);
    await runRetriesNow(t.app);

    const { domainOrder, order: shopOrder } = await lineOf(order.reference);
    expect(domainOrder).toMatchObject({ status: 'active', authCode: null });
    expect(domainOrder.expiresAt!.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 1);
    expect(shopOrder.status).toBe('completed');
    await latestMail(t.app, 'sipho@example.co.za', 'moving-in.com has moved to us');
    await latestMail(t.app, 'ops@example.co.za', 'Transfer in complete: moving-in.com');
  });

  it('charges a premium name its own transfer price, at cost, and confirms it to DNSimple', async () => {
    t.dnsimple.registerElsewhere('abc.com');
    // The stand-in's premium names cost US$250 a year (getDomainPrices): × R18.50, no markup.
    const order = await placeOrder([
      { type: 'domain-transfer', domain: 'abc.com', authCode: 'Ab3$xYz9', registrant },
    ]);
    expect(order.total).toBe(4_625);
    await pay(order.reference);
    expect(posts('/registrar/domains/abc.com/transfers').map((p) => p.body)).toEqual([
      expect.objectContaining({ premium_price: '250', auto_renew: false }),
    ]);
    // Its price came from /prices, not from the check endpoint kept for registrations.
    expect(t.dnsimple.calls).toContain('GET /v2/4242/registrar/domains/abc.com/prices');
    expect((await lineOf(order.reference)).domainOrder).toMatchObject({
      kind: 'transfer',
      status: 'registering',
      registrarCostCents: 462_500,
    });
  });

  it('a cancelled transfer fails its line and refunds it through the refund feature', async () => {
    t.dnsimple.registerElsewhere('stays-put.com');
    t.dnsimple.cancelTransferOf('stays-put.com');
    const order = await placeOrder([
      { type: 'domain-transfer', domain: 'stays-put.com', authCode: 'wrong-code', registrant },
    ]);
    await pay(order.reference);
    await runRetriesNow(t.app);
    const { domainOrder, order: shopOrder } = await lineOf(order.reference);
    expect(domainOrder.status).toBe('refunded');
    // DNSimple's own reason (getDomainTransfer/success.http) is kept for people to read.
    expect(domainOrder.lastError).toMatch(/failed or was cancelled: Canceled by customer$/);
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, shopOrder.id));
    expect(refund).toMatchObject({
      amountCents: 32_190,
      requestedBy: 'system (failed domain line)',
    });
    expect(refund!.reason).toContain('Domain transfer of stays-put.com failed');
    expect((await notes(domainOrder.id)).slice(-2)).toEqual([
      expect.stringMatching(/^failed: The registrar's transfer \d+ failed or was cancelled/),
      expect.stringMatching(
        /^refunded: Refund RFD-[A-Z0-9]{8} of R\s?321,90 started automatically$/,
      ),
    ]);
    await latestMail(t.app, 'sipho@example.co.za', 'We could not transfer in stays-put.com');
    await latestMail(t.app, 'ops@example.co.za', 'stays-put.com');
  });

  it('refuses the transfer of a name already ours or not registered, and a missing auth code', async () => {
    const unregistered = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer.cookie },
      payload: {
        items: [
          { type: 'domain-transfer', domain: 'nobody-has.com', authCode: 'Ab3$xYz9', registrant },
        ],
      },
    });
    expect(unregistered.statusCode).toBe(400);
    expect(unregistered.json().error).toBe(
      'nobody-has.com is not registered anywhere yet: register it instead',
    );
    const ours = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer.cookie },
      payload: {
        items: [
          { type: 'domain-transfer', domain: 'renew-me.com', authCode: 'Ab3$xYz9', registrant },
        ],
      },
    });
    expect(ours.statusCode).toBe(409);
    const noCode = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer.cookie },
      payload: { items: [{ type: 'domain-transfer', domain: 'x-y.com', registrant }] },
    });
    expect(noCode.statusCode).toBe(400);
  });
});
