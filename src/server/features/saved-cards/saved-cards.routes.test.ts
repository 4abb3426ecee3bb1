import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  domainOrders,
  invoices,
  orderItems,
  orders,
  payfastSimulatorSubscriptions,
  payments,
  savedCards,
} from '#db/schema/index.ts';
import { formatDate } from '#shared/dates.ts';
import type { SavedCard } from '#shared/saved-cards.schemas.ts';
import { latestMail, signUp } from '../../../../tests/helpers/accounts.ts';
import { jobsNamed, runRetriesNow } from '../../../../tests/helpers/jobs.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { payOnSimulator } from '../../../../tests/helpers/simulator.ts';
import type { TestApp } from '../../../../tests/helpers/test-app.ts';
import { invoiceDomainRenewal } from '../domains/domain-renewal-invoices.service.ts';
import { scheduleSavedCardCharge } from './saved-card-charges.service.ts';

/**
 * Saved cards end to end on the production path: the customer agrees at checkout, the PayFast
 * simulator keeps the card (tokenisation) and its ITN carries the token; a domain's renewal is
 * charged to it through the simulator's ad hoc API, whose ITN settles the order as any card
 * payment; a declined card leaves the order unpaid with a failed payment and a mail; removing the
 * card cancels the token at PayFast and renewals go back to a payment link.
 */
let shop: ListeningShop;
let t: TestApp;
let base: string;
let customer: { cookie: string; email: string };

beforeAll(async () => {
  shop = await startListeningShop();
  ({ t, base } = shop);
  customer = await signUp(t.app, { fullName: 'Lerato Mokoena' });
});
afterAll(() => shop.close());

const db = () => t.app.database.db;
const registrant = {
  type: 'individual',
  fullName: 'Lerato Mokoena',
  email: 'lerato@example.co.za',
  phone: '082 555 0123',
  address1: '7 Bree Street',
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
  return response.json<{ reference: string; total: number }>();
}

async function startCard(reference: string, payload?: { saveCard: boolean }) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${reference}/payfast`,
    headers: { cookie: customer.cookie },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ action: string; fields: Record<string, string> }>();
}

const myCards = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/saved-cards',
      headers: { cookie: customer.cookie },
    })
  ).json<SavedCard[]>();

/** The domain registration an order of `reference` made, as it stands. */
async function registrationOf(reference: string) {
  const [row] = await db()
    .select({ domainOrder: domainOrders })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(domainOrders, eq(domainOrders.id, orderItems.domainOrderId))
    .where(eq(orders.reference, reference));
  return row!.domainOrder;
}

/** The renewal-invoice job's work for the registration's current expiry; the renewal order. */
async function renewalDue(registrationId: string) {
  const [registration] = await db()
    .select()
    .from(domainOrders)
    .where(eq(domainOrders.id, registrationId));
  await invoiceDomainRenewal(
    { db: db(), registrar: t.app.registrar, config: t.config },
    registrationId,
    registration!.expiresAt!.toISOString(),
  );
  const [renewal] = await db()
    .select({ order: orders })
    .from(domainOrders)
    .innerJoin(orderItems, eq(orderItems.domainOrderId, domainOrders.id))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(domainOrders.renewsOrderId, registrationId),
        eq(domainOrders.status, 'pending_payment'),
      ),
    );
  return renewal!.order;
}

const paymentsOf = (orderId: string) =>
  db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);

describe('saved cards', () => {
  let registrationId: string;
  let token: string;

  it('asks PayFast to keep the card only with consent, and keeps the token its ITN carries', async () => {
    const order = await placeOrder([
      { type: 'domain', domain: 'keep-my-card.com', years: 1, registrant },
    ]);
    const without = await startCard(order.reference);
    expect(without.fields.subscription_type).toBeUndefined();
    const form = await startCard(order.reference, { saveCard: true });
    expect(form.fields.subscription_type).toBe('2');
    // Tokenisation has no schedule: no recurring amount, frequency or billing date.
    expect(form.fields).not.toHaveProperty('recurring_amount');
    expect(form.fields).not.toHaveProperty('frequency');

    await payOnSimulator(t.app, base, form);
    await runRetriesNow(t.app);
    const cards = await myCards();
    expect(cards).toEqual([
      {
        id: expect.any(String),
        label: `Card saved ${formatDate(new Date())}`,
        createdAt: expect.any(String),
      },
    ]);
    const [held] = await db()
      .select()
      .from(payfastSimulatorSubscriptions)
      .where(eq(payfastSimulatorSubscriptions.card, 'accepts'));
    const [saved] = await db().select().from(savedCards).where(eq(savedCards.id, cards[0]!.id));
    expect(saved!.token).toBe(held!.token);
    token = saved!.token;
    const registration = await registrationOf(order.reference);
    expect(registration.status).toBe('active');
    registrationId = registration.id;
  });

  it('charges a domain renewal to the saved card on its due date: invoice and receipt', async () => {
    const renewal = await renewalDue(registrationId);
    // No "please pay" mail: the card is charged by a job, now.
    const [job] = (await jobsNamed(t.app, 'charge-saved-card')).filter(
      (j) => j.payload.orderId === renewal.id,
    );
    expect(job).toBeDefined();
    await t.app.jobs.drain();
    await runRetriesNow(t.app);

    const [paidOrder] = await db().select().from(orders).where(eq(orders.id, renewal.id));
    expect(paidOrder!.status).not.toBe('pending_payment');
    const [payment, ...others] = await paymentsOf(renewal.id);
    expect(others).toHaveLength(0);
    expect(payment).toMatchObject({ status: 'paid', amountCents: renewal.totalCents });
    expect(payment!.savedCardId).not.toBeNull();
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, renewal.id));
    expect(invoice).toBeDefined();
    const receipt = await shop.smtp.waitFor(
      customer.email,
      `Payment received for order ${renewal.reference}`,
    );
    expect(receipt.text).toContain(renewal.reference);
    await expect(
      latestMail(t.app, customer.email, 'Renew keep-my-card.com before'),
    ).rejects.toThrow('no mail');
  });

  it('a declined card fails the payment, leaves the order unpaid and mails how to pay and replace the card', async () => {
    const switched = await fetch(`${base}/payfast-simulator/subscriptions/${token}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card: 'declines' }),
    });
    expect(switched.status).toBe(200);
    await runRetriesNow(t.app);
    const renewal = await renewalDue(registrationId);
    await t.app.jobs.drain();

    const [order] = await db().select().from(orders).where(eq(orders.id, renewal.id));
    expect(order!.status).toBe('pending_payment');
    const [payment] = await paymentsOf(renewal.id);
    expect(payment).toMatchObject({ status: 'failed', amountCents: renewal.totalCents });
    const [job] = (await jobsNamed(t.app, 'charge-saved-card')).filter(
      (j) => j.payload.orderId === renewal.id,
    );
    // A refusal is final for this try: the job is done, not retried.
    expect(job!.status).toBe('done');
    const mail = await shop.smtp.waitFor(
      customer.email,
      `We could not charge your card for order ${renewal.reference}`,
    );
    expect(mail.text).toContain(`${base}/user/orders/${renewal.reference}`);
    expect(mail.text).toContain(`${base}/user/payments`);
    expect(mail.text).toContain('Your card was not accepted for payment');
  });

  it('removes a card: PayFast cancels the token and it is never charged again', async () => {
    const [card] = await myCards();
    const [saved] = await db().select().from(savedCards).where(eq(savedCards.id, card!.id));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/saved-cards/${card!.id}`,
      headers: { cookie: customer.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual([]);
    const [held] = await db()
      .select()
      .from(payfastSimulatorSubscriptions)
      .where(eq(payfastSimulatorSubscriptions.token, token));
    expect(held!.status).toBe('cancelled');
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/saved-cards/${card!.id}`,
      headers: { cookie: customer.cookie },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('There is no such saved card');
    // The declined renewal is still unpaid: no charge can be queued for it any more.
    const [unpaid] = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.userId, saved!.userId), eq(orders.status, 'pending_payment')));
    expect(
      await db().transaction((tx) =>
        scheduleSavedCardCharge(tx, { reference: unpaid!.reference, userId: unpaid!.userId! }),
      ),
    ).toBe(false);
  });

  it('never shows or removes another customer’s card', async () => {
    const other = await signUp(t.app, { fullName: 'Kagiso Molefe' });
    const [mine] = await db().select().from(savedCards).limit(1);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/saved-cards/${mine!.id}`,
      headers: { cookie: other.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/saved-cards',
      headers: { cookie: other.cookie },
    });
    expect(list.json()).toEqual([]);
  });
});

describe('replacing the card of a subscription', () => {
  it('opens PayFast’s card-update page for the token, coming back to the payments page', async () => {
    const order = await placeOrder([{ type: 'package', packageId: 'finance-bookkeeping' }]);
    // A monthly order is a subscription (type 1) already: consent changes nothing.
    const form = await startCard(order.reference, { saveCard: true });
    expect(form.fields.subscription_type).toBe('1');
    const before = await db().select().from(savedCards);
    await payOnSimulator(t.app, base, form);
    expect(await db().select().from(savedCards)).toHaveLength(before.length);

    const subscriptions = (
      await t.app.inject({
        method: 'GET',
        url: '/api/subscriptions',
        headers: { cookie: customer.cookie },
      })
    ).json<{ reference: string }[]>();
    const replace = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${subscriptions[0]!.reference}/replace-card`,
      headers: { cookie: customer.cookie },
    });
    expect(replace.statusCode, replace.body).toBe(200);
    const { url } = replace.json<{ url: string }>();
    const [held] = await db()
      .select()
      .from(payfastSimulatorSubscriptions)
      .where(eq(payfastSimulatorSubscriptions.form, form.fields));
    expect(url).toBe(
      `/payfast-simulator/eng/recurring/update/${held!.token}?return=${encodeURIComponent(`${base}/user/payments`)}`,
    );
    const page = await fetch(new URL(url, base));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Update your card');
    const saved = await fetch(new URL(url, base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ return: `${base}/user/payments` }).toString(),
      redirect: 'manual',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/user/payments');

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/SUB-NOTMINE1/replace-card',
      headers: { cookie: customer.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
