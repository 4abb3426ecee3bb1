import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainOrderEvents, domainOrders, orderItems, orders, payments } from '#db/schema/index.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { latestMail, signUp } from '../../../../tests/helpers/accounts.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { markDomainOrderPaid } from './domain-orders.service.ts';

const registrant = (email: string) => ({
  type: 'individual',
  fullName: 'Lindiwe Mthembu',
  email,
  phone: '082 555 0101',
  address1: '5 Long Street',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: 'ops@example.co.za' });
});
afterAll(() => t.close());

async function customer() {
  const { cookie, email } = await signUp(t.app);
  return {
    cookie,
    email,
    order: (domain: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie },
        payload: { items: [{ type: 'domain', domain, years: 1, registrant: registrant(email) }] },
      }),
    call: (method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie } }),
  };
}

const ordersOf = (domain: string) =>
  t.app.database.db
    .select()
    .from(domainOrders)
    .where(eq(domainOrders.domain, domain))
    .orderBy(domainOrders.createdAt);

/** The domain line of a shop order, by the order's reference. */
async function domainLineOf(reference: string) {
  const [row] = await t.app.database.db
    .select({ id: orderItems.domainOrderId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.reference, reference));
  return row!.id!;
}

/** What the payment transaction does for a domain line: mark it paid, in a transaction. */
const pay = (domainOrderId: string) =>
  t.app.database.db.transaction((tx) => markDomainOrderPaid(tx, domainOrderId));

describe('one name, one owner', () => {
  it('two customers ordering one name at once: exactly one holds it, the other gets 409', async () => {
    const [a, b] = await Promise.all([customer(), customer()]);
    // Both saw it available a moment ago (and the answer is cached).
    expect((await a.call('GET', '/api/domain/check?domain=race-one.co.za')).json().available).toBe(
      true,
    );
    const answers = await Promise.all([a.order('race-one.co.za'), b.order('race-one.co.za')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json().error).toBe(
      'race-one.co.za is being bought by another customer right now. Try again in 30 minutes, or pick another name.',
    );
    const held = await ordersOf('race-one.co.za');
    expect(held).toHaveLength(1);
    expect(held[0]!.status).toBe('pending_payment');
    // The hold is stated: about 30 minutes from now.
    const minutes = (held[0]!.heldUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    // A third customer is told at once, not from the cache.
    const c = await customer();
    const check = (await c.call('GET', '/api/domain/check?domain=race-one.co.za')).json();
    expect(check).toMatchObject({ available: false });
    expect(check.message).toContain('being bought by another customer');
    expect((await c.order('race-one.co.za')).statusCode).toBe(409);
  });

  it('a customer ordering the same name again releases their own earlier unpaid order', async () => {
    const a = await customer();
    expect((await a.order('twice-mine.co.za')).statusCode).toBe(201);
    expect((await a.order('twice-mine.co.za')).statusCode).toBe(201);
    expect((await ordersOf('twice-mine.co.za')).map((o) => o.status)).toEqual([
      'released',
      'pending_payment',
    ]);
  });

  it('a lapsed hold frees the name; both then paying at once: exactly one gets it, the other is refunded', async () => {
    const [a, b] = await Promise.all([customer(), customer()]);
    const first = await a.order('late-payer.co.za');
    expect(first.statusCode).toBe(201);
    const aLine = await domainLineOf(first.json().reference);
    // A leaves the payment page open past the hold.
    await t.app.database.db
      .update(domainOrders)
      .set({ heldUntil: sql`now() - interval '1 minute'` })
      .where(eq(domainOrders.id, aLine));
    const second = await b.order('late-payer.co.za');
    expect(second.statusCode).toBe(201);
    const bLine = await domainLineOf(second.json().reference);
    expect((await ordersOf('late-payer.co.za')).map((o) => o.status)).toEqual([
      'released',
      'pending_payment',
    ]);

    // Both payments arrive together.
    const paid = await Promise.all([pay(aLine), pay(bLine)]);
    expect(paid).toEqual([false, true]);
    // Repeated ITNs change nothing.
    expect(await Promise.all([pay(aLine), pay(bLine)])).toEqual([false, false]);

    await t.app.jobs.drain();
    const [lost, won] = await ordersOf('late-payer.co.za');
    expect(won).toMatchObject({ id: bLine, status: 'active' });
    expect(lost).toMatchObject({ id: aLine, status: 'failed', refundDueCents: 11_400 });
    expect(lost!.lastError).toContain('another order already held late-payer.co.za');
    const events = await t.app.database.db
      .select()
      .from(domainOrderEvents)
      .where(eq(domainOrderEvents.orderId, aLine))
      .orderBy(domainOrderEvents.id);
    expect(events.at(-1)).toMatchObject({ fromStatus: 'released', toStatus: 'failed' });
    expect(events.at(-1)!.note).toContain('Refund due: R');
    await latestMail(t.app, a.email, 'We could not register late-payer.co.za');
    const admin = await latestMail(t.app, 'ops@example.co.za', 'Refund due');
    expect(admin.text).toContain('late-payer.co.za');

    // DNS acts on the owner's registration only.
    const path = '/api/user/domains/late-payer.co.za/records';
    expect((await a.call('GET', path)).statusCode).toBe(404);
    expect((await b.call('GET', path)).statusCode).toBe(200);

    // The back office's domain margin counts the name sold once, not the refunded line. B's card
    // payment: R114.00 with a R5.65 fee (no VAT number here: nothing is claimed back).
    const [bOrder] = await t.app.database.db
      .update(orders)
      .set({ status: 'paid', paidAt: sql`now()` })
      .where(eq(orders.reference, second.json().reference))
      .returning();
    await t.app.database.db.insert(payments).values({
      reference: `PAY-${bOrder!.reference}`,
      orderId: bOrder!.id,
      status: 'paid',
      amountCents: 11_400,
      feeCents: 565,
      fields: [],
    });
    const { cookie } = await signInAdmin(t.app);
    const margins = await t.app.inject({
      method: 'GET',
      url: '/api/admin/domain-margins',
      headers: { cookie },
    });
    expect(margins.json()).toEqual([
      {
        month: expect.stringMatching(/^\d{4}-\d{2}$/),
        domains: 1,
        salesExVat: 114,
        registrarCosts: 95,
        paymentFees: 5.65,
        margin: 13.35,
      },
    ]);
  });

  it('an unpaid order paid after its hold, while nobody took the name, still gets it', async () => {
    const a = await customer();
    const placed = await a.order('slow-but-free.co.za');
    const line = await domainLineOf(placed.json().reference);
    await t.app.database.db
      .update(domainOrders)
      .set({ heldUntil: sql`now() - interval '1 minute'` })
      .where(eq(domainOrders.id, line));
    expect(await pay(line)).toBe(true);
    await t.app.jobs.drain();
    expect((await ordersOf('slow-but-free.co.za'))[0]).toMatchObject({ status: 'active' });
    const mine = async () =>
      (await a.call('GET', '/api/user/domains')).json<{ renewableUntil: string | null }[]>()[0]!;
    expect((await mine()).renewableUntil).toBeNull();
    // Once it has expired, the customer sees until when the registrar may still renew it.
    const expired = new Date('2026-01-10T10:00:00Z');
    await t.app.database.db
      .update(domainOrders)
      .set({ expiresAt: expired })
      .where(eq(domainOrders.id, line));
    expect((await mine()).renewableUntil).toBe('2026-02-08T10:00:00.000Z');
  });

  it('the database refuses a second live order for a name', async () => {
    const [existing] = await ordersOf('slow-but-free.co.za');
    const error = await t.app.database.db
      .insert(domainOrders)
      .values({
        domain: existing!.domain,
        years: 1,
        priceCents: existing!.priceCents,
        registrarCostCents: existing!.registrarCostCents,
        registrant: existing!.registrant,
        registrar: existing!.registrar,
        status: 'paid',
      })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('the local registrar never hands an existing registration to a second owner', async () => {
    const registration = {
      domain: 'slow-but-free.co.za',
      years: 1,
      privacy: false,
      autoRenew: true,
      registrant: {
        firstName: 'Someone',
        lastName: 'Else',
        email: 'else@example.co.za',
        phone: '+27.825550101',
        address1: '1 Main Road',
        city: 'Durban',
        stateProvince: 'KwaZulu-Natal',
        postalCode: '4001',
        country: 'ZA',
      },
    };
    await expect(t.app.registrar.register(registration)).rejects.toThrow(
      'slow-but-free.co.za is already registered',
    );
  });
});
