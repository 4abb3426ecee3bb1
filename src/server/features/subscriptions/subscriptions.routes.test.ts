import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  invoices,
  orders,
  paymentNotifications,
  payfastSimulatorItns,
  payfastSimulatorSubscriptions,
} from '#db/schema/index.ts';
import { nextMonth, saToday } from '#shared/dates.ts';
import type { AdminSubscription, Subscription } from '#shared/subscriptions.schemas.ts';
import { itnSignature, signatureString, md5 } from '../../integrations/payfast/signature.ts';
import type { TestApp } from '../../../../tests/helpers/test-app.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { pdfText } from '../../../../tests/helpers/pdf-text.ts';
import type { startSmtpCatcher } from '../../../../tests/helpers/smtp-catcher.ts';
import { payOnSimulator as payOnSimulatorPage } from '../../../../tests/helpers/simulator.ts';

/**
 * Monthly services end to end on the production path: the site listens, the checkout form asks
 * PayFast (the simulator) for a subscription, the simulator's ITNs carry the token, its "bill the
 * next month" charges later months, and cancelling goes through its subscription API over HTTP.
 */
let shop: ListeningShop;
let t: TestApp;
let base: string;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let customer: { cookie: string; email: string };
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  shop = await startListeningShop();
  ({ t, smtp } = shop);
  base = shop.base;
  customer = await signUp(t.app, { fullName: 'Thandi Nkosi' });
  admin = await signInAdmin(t.app);
});
afterAll(() => shop.close());

const db = () => t.app.database.db;

/** Bookkeeping (R1 299 a month) with a once-off catch-up month, and a once-off website. */
async function orderMonthlyBookkeeping() {
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [
        {
          type: 'package',
          packageId: 'finance-bookkeeping',
          addOnIds: ['finance-catch-up-month'],
        },
        { type: 'package', packageId: 'email-team', quantity: 2 },
      ],
    },
    headers: { cookie: customer.cookie },
  });
  expect(order.statusCode).toBe(201);
  const placed = order.json<{ reference: string; total: number }>();
  const form = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${placed.reference}/payfast`,
    headers: { cookie: customer.cookie },
  });
  expect(form.statusCode).toBe(200);
  return {
    order: placed,
    form: form.json<{ action: string; reference: string; fields: Record<string, string> }>(),
  };
}

/** "Complete payment" on the simulator's page, then the ITN's check job runs. */
const payOnSimulator = (form: { action: string; fields: Record<string, string> }) =>
  payOnSimulatorPage(t.app, base, form);

/** What PayFast does on the billing day: the simulator charges (or fails, or cancels) one now. */
async function bill(token: string, outcome: 'complete' | 'fail' | 'cancel') {
  const response = await fetch(`${base}/payfast-simulator/subscriptions/${token}/bill`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome }),
  });
  const answer = (await response.json()) as {
    pfPaymentId: string;
    status: string;
    delivered: number | null;
  };
  await t.app.jobs.drain();
  return { ...answer, http: response.status };
}

async function mySubscriptions(cookie = customer.cookie) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/subscriptions',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Subscription[]>();
}

/** The token the simulator gave the subscription that the payment `paymentReference` started. */
const tokenOf = async (paymentReference: string) => {
  const all = await db().select().from(payfastSimulatorSubscriptions);
  return all.find((s) => s.form.m_payment_id === paymentReference)!.token;
};

describe('monthly services as PayFast subscriptions', () => {
  it('asks PayFast for a monthly subscription at checkout: first month now, the rest from billing_date', async () => {
    const { order, form } = await orderMonthlyBookkeeping();
    // R1 299 + R899 once-off + 2 × R279: the first charge; R1 299 + 2 × R279 every month after.
    expect(order.total).toBe(1299 + 899 + 2 * 279);
    expect(form.fields).toMatchObject({
      amount: '2756.00',
      subscription_type: '1',
      billing_date: nextMonth(saToday()),
      recurring_amount: '1857.00',
      frequency: '3',
      cycles: '0',
    });
    // In PayFast's signing order: the subscription fields after the transaction fields.
    const names = Object.keys(form.fields);
    expect(names.slice(names.indexOf('item_description'))).toEqual([
      'item_description',
      'subscription_type',
      'billing_date',
      'recurring_amount',
      'frequency',
      'cycles',
      'signature',
    ]);
    const { signature, ...rest } = form.fields;
    expect(signature).toBe(md5(signatureString(Object.entries(rest), t.config.payfast.passphrase)));
  });

  it('opens the subscription on the first ITN, bills each later month as its own payment, order and invoice', async () => {
    const { order, form } = await orderMonthlyBookkeeping();
    await payOnSimulator(form);
    const [first] = await db().select().from(orders).where(eq(orders.reference, order.reference));
    expect(first!.status).toBe('paid');
    const token = await tokenOf(form.reference);
    // The ITN carried the token and billing date (as PayFast's subscription ITNs do).
    const [itn] = await db()
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentReference, form.reference));
    expect(itn!.fields.slice(-3).map(([key]) => key)).toEqual([
      'token',
      'billing_date',
      'signature',
    ]);
    let [subscription] = (await mySubscriptions()).filter((s) =>
      s.charges.some((c) => c.paymentReference === form.reference),
    );
    expect(subscription).toMatchObject({
      title: 'Financial management: Bookkeeping; 2 × Custom e-mail: 5 mailboxes',
      amount: 1857,
      status: 'active',
      nextBillingDate: nextMonth(saToday()),
      failedCharges: 0,
    });
    expect(subscription!.charges).toHaveLength(1);

    // Month two: PayFast charges the recurring amount and posts an ITN with the same m_payment_id.
    const month2 = await bill(token, 'complete');
    expect(month2).toMatchObject({ http: 200, status: 'COMPLETE', delivered: 200 });
    [subscription] = (await mySubscriptions()).filter(
      (s) => s.reference === subscription!.reference,
    );
    expect(subscription!.charges).toHaveLength(2);
    const renewal = subscription!.charges[0]!;
    expect(renewal).toMatchObject({ status: 'paid', amount: 1857 });
    expect(renewal.orderReference).not.toBe(order.reference);
    expect(renewal.invoice).toMatch(/^INV-\d{6}$/);
    expect(subscription!.nextBillingDate).toBe(nextMonth(nextMonth(saToday())));

    // Its own tax invoice: the monthly lines only, each stating its period, VAT included.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${renewal.orderReference}/invoice.pdf`,
      headers: { cookie: customer.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Financial management: Bookkeeping (monthly:');
    expect(text).toContain('Custom e-mail: 5 mailboxes (monthly:');
    expect(text).not.toContain('Catch-up');
    const [stored] = await db()
      .select()
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(orders.reference, renewal.orderReference!));
    expect(stored!.invoices.totalCents).toBe(185_700);
    expect(stored!.invoices.vatCents).toBe(Math.round((185_700 * 15) / 115));
    const receipt = await smtp.waitFor(customer.email, 'Monthly payment received');
    expect(receipt.attachments.map((a) => a.filename)).toEqual([`${renewal.invoice}.pdf`]);

    // PayFast sends the same ITN again: applied once.
    const [sent] = await db()
      .select()
      .from(payfastSimulatorItns)
      .where(eq(payfastSimulatorItns.pfPaymentId, month2.pfPaymentId));
    const fields = [...new URLSearchParams(sent!.paramString)];
    const again = await fetch(`${base}/api/payments/payfast/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `${sent!.paramString}&signature=${itnSignature(fields, t.config.payfast.passphrase)}`,
    });
    expect(again.status).toBe(200);
    await t.app.jobs.drain();
    [subscription] = (await mySubscriptions()).filter(
      (s) => s.reference === subscription!.reference,
    );
    expect(subscription!.charges).toHaveLength(2);

    // Month three fails: recorded, the customer is asked to check the card, the team is told.
    expect((await bill(token, 'fail')).delivered).toBe(200);
    [subscription] = (await mySubscriptions()).filter(
      (s) => s.reference === subscription!.reference,
    );
    expect(subscription!.failedCharges).toBe(1);
    expect(subscription!.charges[0]).toMatchObject({ status: 'failed', orderReference: null });
    await smtp.waitFor(customer.email, 'Your monthly payment did not go through');
    await smtp.waitFor(
      t.config.site.contactEmail,
      `Monthly payment failed: subscription ${subscription!.reference}`,
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/subscriptions',
      headers: { cookie: admin.cookie },
    });
    expect(list.json<AdminSubscription[]>()[0]).toMatchObject({
      reference: subscription!.reference,
      failedCharges: 1,
      customer: { email: customer.email },
    });

    // A later charge that goes through clears the flag.
    await bill(token, 'complete');
    [subscription] = (await mySubscriptions()).filter(
      (s) => s.reference === subscription!.reference,
    );
    expect(subscription!.failedCharges).toBe(0);
    expect(subscription!.charges.filter((c) => c.status === 'paid')).toHaveLength(3);

    // The books still agree to the cent with monthly orders among them.
    const books = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reconciliation',
      headers: { cookie: admin.cookie },
    });
    expect(books.json()).toMatchObject({ balanced: true, breaks: [] });
  });

  it('refuses a later month one cent short, or at the first month’s amount, naming the recurring amount', async () => {
    const { form } = await orderMonthlyBookkeeping();
    await payOnSimulator(form);
    const token = await tokenOf(form.reference);
    // A later month's ITN as PayFast sends it: the first payment's m_payment_id, the
    // subscription's token and billing date, a new pf_payment_id.
    const [first] = await db()
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.paymentReference, form.reference));
    async function laterMonth(pfPaymentId: string, gross: string) {
      const changes: Record<string, string> = {
        pf_payment_id: pfPaymentId,
        amount_gross: gross,
        amount_fee: '-70.22',
        amount_net: (Number(gross) - 70.22).toFixed(2),
        billing_date: nextMonth(saToday()),
      };
      const fields = first!.fields
        .filter(([key]) => key !== 'signature')
        .map(([key, value]): [string, string] => [key, changes[key] ?? value]);
      expect(Object.fromEntries(fields)).toMatchObject({ token, m_payment_id: form.reference });
      const body = `${new URLSearchParams(fields).toString()}&signature=${itnSignature(fields, t.config.payfast.passphrase)}`;
      const posted = await fetch(`${base}/api/payments/payfast/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect([200, 400]).toContain(posted.status);
      await t.app.jobs.drain();
      const [verdict] = await db()
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.externalId, pfPaymentId));
      return verdict;
    }
    // The first charge was R2 756.00 (with the once-off month); later months are R1 857.00.
    expect(await laterMonth('7000001', '1856.99')).toMatchObject({
      accepted: false,
      reason: 'amount 1856.99 does not match 1857.00',
    });
    // Nor does a later month pass at the first charge's amount.
    expect(await laterMonth('7000002', '2756.00')).toMatchObject({
      accepted: false,
      reason: 'amount 2756.00 does not match 1857.00',
    });
    const [subscription] = (await mySubscriptions()).filter((s) =>
      s.charges.some((c) => c.paymentReference === form.reference),
    );
    expect(subscription!.charges).toHaveLength(1);
  });

  it('cancels through PayFast’s subscription API: no charge after, and a second cancel is refused', async () => {
    const { form } = await orderMonthlyBookkeeping();
    await payOnSimulator(form);
    const token = await tokenOf(form.reference);
    const [subscription] = (await mySubscriptions()).filter((s) =>
      s.charges.some((c) => c.paymentReference === form.reference),
    );
    const stranger = await signUp(t.app);
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${subscription!.reference}/cancel`,
      headers: { cookie: stranger.cookie },
    });
    expect(theirs.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${subscription!.reference}/cancel`,
      headers: { cookie: customer.cookie },
    });
    expect(cancel.statusCode).toBe(202);
    expect(cancel.json()).toMatchObject({ status: 'cancelling' });
    await t.app.jobs.drain();
    const [after] = (await mySubscriptions()).filter(
      (s) => s.reference === subscription!.reference,
    );
    expect(after).toMatchObject({ status: 'cancelled', nextBillingDate: null });
    expect(after!.cancelledAt).not.toBeNull();
    // PayFast (the simulator's API, signed headers) holds it cancelled: it bills no more.
    const [held] = await db()
      .select()
      .from(payfastSimulatorSubscriptions)
      .where(eq(payfastSimulatorSubscriptions.token, token));
    expect(held!.status).toBe('cancelled');
    expect((await bill(token, 'complete')).http).toBe(409);
    await smtp.waitFor(customer.email, 'Subscription cancelled');
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${subscription!.reference}/cancel`,
      headers: { cookie: customer.cookie },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(`Subscription ${subscription!.reference} is already cancelled`);
  });

  it('ends the subscription when the buyer cancels it at PayFast (a CANCELLED ITN without amounts)', async () => {
    const { form } = await orderMonthlyBookkeeping();
    await payOnSimulator(form);
    const token = await tokenOf(form.reference);
    const sent = await bill(token, 'cancel');
    expect(sent.delivered).toBe(200);
    const [itn] = await db()
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.externalId, sent.pfPaymentId));
    expect(Object.fromEntries(itn!.fields)).toMatchObject({
      payment_status: 'CANCELLED',
      amount_gross: '',
      token,
    });
    const [ended] = (await mySubscriptions()).filter((s) =>
      s.charges.some((c) => c.paymentReference === form.reference),
    );
    expect(ended!.status).toBe('cancelled');
  });

  it('lets an administrator cancel a customer’s subscription, audited', async () => {
    const { form } = await orderMonthlyBookkeeping();
    await payOnSimulator(form);
    const [subscription] = (await mySubscriptions()).filter((s) =>
      s.charges.some((c) => c.paymentReference === form.reference),
    );
    const url = `/api/admin/subscriptions/${subscription!.reference}/cancel`;
    const asCustomer = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: customer.cookie },
    });
    expect(asCustomer.statusCode).toBe(401);
    const cancel = await t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie } });
    expect(cancel.statusCode).toBe(202);
    await t.app.jobs.drain();
    const [after] = (await mySubscriptions()).filter(
      (s) => s.reference === subscription!.reference,
    );
    expect(after!.status).toBe('cancelled');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, subscription!.reference));
    expect(entry).toMatchObject({ action: 'subscription.cancel', entityType: 'subscription' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/subscriptions/SUB-NOPE0000/cancel',
      headers: { cookie: admin.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('charges nothing monthly for an order without monthly lines (no subscription fields)', async () => {
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { items: [{ type: 'package', packageId: 'website-business' }] },
      headers: { cookie: customer.cookie },
    });
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.json<{ reference: string }>().reference}/payfast`,
      headers: { cookie: customer.cookie },
    });
    expect(Object.keys(form.json<{ fields: Record<string, string> }>().fields)).not.toContain(
      'subscription_type',
    );
  });

  it('keeps subscriptions to their owner and the back office', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/subscriptions' });
    expect(response.statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/subscriptions',
      headers: { cookie: customer.cookie },
    });
    expect(asCustomer.statusCode).toBe(401);
  });
});
