import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, savedCards, users } from '#db/schema/index.ts';
import { startPayfastApiStandIn } from '../../../../tests/stubs/payfast-api-stand-in.ts';
import { latestMail, signUp } from '../../../../tests/helpers/accounts.ts';
import { jobsNamed, runRetriesNow } from '../../../../tests/helpers/jobs.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { testPaymentLine } from '../orders/order-pricing.service.ts';
import { createOrder } from '../orders/orders.service.ts';
import { chargeOrderToSavedCard, scheduleSavedCardCharge } from './saved-card-charges.service.ts';

/**
 * The charge job against PayFast's API when it has no answer: a 5xx or a cut line is tried again
 * by the queue with the same payment (one m_payment_id), never failed on the way.
 */
let t: TestApp;
let api: Awaited<ReturnType<typeof startPayfastApiStandIn>>;

beforeAll(async () => {
  api = await startPayfastApiStandIn();
  t = await createTestApp({ PAYFAST_API_URL: api.apiUrl });
});
afterAll(async () => {
  await t.close();
  await api.close();
});

describe('charging a saved card when PayFast does not answer', () => {
  it('retries a 5xx through the job queue with the same payment, then goes through', async () => {
    const customer = await signUp(t.app, { fullName: 'Naledi Khumalo' });
    const db = t.app.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, customer.email));
    const token = 'a1b2c3d4-0000-4000-8000-00000000abcd';
    api.addSavedCard(token);
    await db.insert(savedCards).values({
      userId: user!.id,
      method: 'payfast',
      token,
      label: 'Card saved 27 November 2026',
    });
    const order = await createOrder(db, {
      userId: user!.id,
      lines: [testPaymentLine],
      vatRegistered: false,
    });
    await db.transaction((tx) =>
      scheduleSavedCardCharge(tx, { reference: order.reference, userId: user!.id }),
    );
    api.fail({ status: 503, body: '<html>Service Unavailable</html>', contentType: 'text/html' });
    await t.app.jobs.drain();

    const [orderRow] = await db.select().from(orders).where(eq(orders.reference, order.reference));
    const [job] = (await jobsNamed(t.app, 'charge-saved-card')).filter(
      (j) => j.payload.orderId === orderRow!.id,
    );
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    const [waiting] = await db.select().from(payments).where(eq(payments.orderId, orderRow!.id));
    expect(waiting).toMatchObject({ status: 'pending', amountCents: orderRow!.totalCents });

    await runRetriesNow(t.app);
    const adhocCalls = api.calls.filter((c) => c.path === `/subscriptions/${token}/adhoc`);
    expect(adhocCalls).toHaveLength(2);
    // Both tries name the same payment and charge the same cents.
    for (const call of adhocCalls) {
      expect(call.body).toEqual({
        amount: orderRow!.totalCents,
        item_name: `Order ${order.reference}`,
        m_payment_id: waiting!.reference,
      });
    }
    const after = await db.select().from(payments).where(eq(payments.orderId, orderRow!.id));
    // PayFast took it: the payment waits for its ITN, which settles the order.
    expect(after).toEqual([expect.objectContaining({ id: waiting!.id, status: 'pending' })]);
    const [done] = await jobsNamed(t.app, 'charge-saved-card');
    expect(done!.status).toBe('done');
  });

  it('gives up on the last try without an answer: the payment fails and the customer is told', async () => {
    const db = t.app.database.db;
    const [card] = await db.select().from(savedCards).limit(1);
    const order = await createOrder(db, {
      userId: card!.userId,
      lines: [testPaymentLine],
      vatRegistered: false,
    });
    const [orderRow] = await db.select().from(orders).where(eq(orders.reference, order.reference));
    api.fail('drop');
    await chargeOrderToSavedCard({ db, config: t.config }, orderRow!.id, { lastAttempt: true });
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderRow!.id));
    expect(payment!.status).toBe('failed');
    const [still] = await db.select().from(orders).where(eq(orders.id, orderRow!.id));
    expect(still!.status).toBe('pending_payment');
    const [user] = await db.select().from(users).where(eq(users.id, card!.userId));
    const mail = await latestMail(
      t.app,
      user!.email,
      `We could not charge your card for order ${order.reference}`,
    );
    expect(mail.text).toContain("PayFast's API did not answer");
    expect(mail.text).toContain(`/user/orders/${order.reference}`);
  });
});
