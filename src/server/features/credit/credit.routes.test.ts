import { saToday } from '#shared/dates.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, orders, payments } from '#db/schema/index.ts';
import { formatZAR } from '#shared/money.ts';
import type { TestApp } from '../../../../tests/helpers/test-app.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { moneyJourneys } from '../../../../tests/helpers/money-journeys.ts';
import type { startSmtpCatcher } from '../../../../tests/helpers/smtp-catcher.ts';

/**
 * Account credit, and the books with it: card, bank transfers in parts, credit paying part or
 * all of an order, refunds to credit and to the card reconcile to the cent on the engine the
 * tests run on (PGlite, and the PostgreSQL server in CI's second pass).
 */
let shop: ListeningShop;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let customer: Awaited<ReturnType<typeof signUp>>;
let owner: Awaited<ReturnType<typeof signInAdmin>>;
let staff: Awaited<ReturnType<typeof signInAdmin>>;
let money: ReturnType<typeof moneyJourneys>;
// South African dates, as the server keeps them (UTC is a day behind from 22:00).
const today = saToday();
const cents = (rand: number) => Math.round(rand * 100);

beforeAll(async () => {
  shop = await startListeningShop();
  ({ t, smtp } = shop);
  const { base } = shop;
  customer = await signUp(t.app, { fullName: 'Lerato Mokoena' });
  owner = await signInAdmin(t.app);
  staff = await signInAdmin(t.app, { role: 'staff' });
  money = moneyJourneys(t.app, base, { customer, owner });
});
afterAll(() => shop.close());

const adjust = (body: Record<string, unknown>, cookie = owner.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/admin/credit', headers: { cookie }, payload: body });

describe('account credit', () => {
  it('starts empty, and the owners adjust it with a reason, audited, never below nothing', async () => {
    expect(await money.credit()).toEqual({ balance: 0, entries: [] });
    const added = await adjust({
      email: customer.email,
      amount: 250,
      reason: 'Goodwill for the late delivery',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      customer: { name: 'Lerato Mokoena', email: customer.email },
      balance: 250,
      entries: [{ description: 'Goodwill for the late delivery', amount: 250, balance: 250 }],
    });
    const holders = await t.app.inject({
      method: 'GET',
      url: '/api/admin/credit',
      headers: { cookie: owner.cookie },
    });
    expect(holders.json()).toContainEqual({
      name: 'Lerato Mokoena',
      email: customer.email,
      balance: 250,
    });
    const statement = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${encodeURIComponent(customer.email)}/credit`,
      headers: { cookie: owner.cookie },
    });
    expect(statement.json()).toEqual(added.json());
    const tooMuch = await adjust({ email: customer.email, amount: -300, reason: 'Typing error' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe(
      `Lerato Mokoena has ${formatZAR(25_000)} of credit: take off at most that`,
    );
    expect((await adjust({ email: customer.email, amount: 0, reason: 'Nothing' })).statusCode).toBe(
      400,
    );
    expect(
      (await adjust({ email: customer.email, amount: 10, reason: 'x' }, staff.cookie)).statusCode,
    ).toBe(403);
    const [audit] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'credit.adjusted'));
    expect(audit).toMatchObject({
      entityId: customer.email,
      details: { amount: 250, reason: 'Goodwill for the late delivery' },
    });
  });

  it('pays part of an order from credit and the rest by card; the invoice names both', async () => {
    const order = await money.placeOrder();
    const applied = await money.paidFromCredit(order.reference, 100);
    expect(applied).toMatchObject({ applied: 100, orderStatus: 'pending_payment' });
    expect(applied.due).toBeCloseTo(order.total - 100, 2);
    const form = await money.payByCard(order.reference);
    expect(form.fields.amount).toBe((order.total - 100).toFixed(2));
    expect(await money.orderStatus(order.reference)).toBe('paid');
    const [invoice] = await t.app.database.db
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(orders.reference, order.reference));
    expect(invoice!.invoice).toMatchObject({
      totalCents: cents(order.total),
      paidWith: 'Account credit and Card (PayFast)',
    });
  });

  it('pays a whole order from credit when there is enough, and says what is left otherwise', async () => {
    await adjust({ email: customer.email, amount: 20_000, reason: 'Prepaid retainer received' });
    const order = await money.placeOrder('website-starter');
    const asked = await money.payFromCredit(order.reference, 1_000_000);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toMatch(
      /^You have R\s?[\d\s]+,\d\d of account credit: use at most that$/,
    );
    const balance = (await money.credit()).balance;
    const paid = await money.paidFromCredit(order.reference, Math.min(balance, order.total));
    expect(paid).toMatchObject({ orderStatus: 'paid', due: 0, applied: order.total });
    await smtp.waitFor(customer.email, `Payment received for order ${order.reference}`);
    const again = await money.payFromCredit(order.reference, 10);
    expect(again.statusCode).toBe(409);
  });

  it('lets two tabs spend the same credit only once', async () => {
    const balance = (await money.credit()).balance;
    await adjust({
      email: customer.email,
      amount: 300 - balance,
      reason: 'Set to R300 for the test',
    });
    const [a, b] = [await money.placeOrder(), await money.placeOrder()];
    const answers = await Promise.all([
      money.payFromCredit(a.reference, 300),
      money.payFromCredit(b.reference, 300),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await money.credit()).balance).toBe(0);
  });

  it('reconciles card, EFT in two parts, credit, refunds to credit and to the card to the cent', async () => {
    // Paid by card, then part refunded to the card.
    const byCard = await money.placeOrder('website-starter');
    const card = await money.payByCard(byCard.reference);
    // Paid by EFT in two parts.
    const byEft = await money.placeOrder();
    await money.chooseBankTransfer(byEft.reference);
    const part = Math.round(byEft.total * 30) / 100;
    await money.recorded({
      orderReference: byEft.reference,
      amount: part,
      receivedOn: today,
      bankReference: `MIXED ONE ${byEft.reference}`,
    });
    const rest = await money.recorded({
      orderReference: byEft.reference,
      amount: Math.round((byEft.total - part) * 100) / 100,
      receivedOn: today,
      bankReference: `MIXED TWO ${byEft.reference}`,
    });
    expect(rest.orderStatus).toBe('paid');
    // Paid by card, then refunded in full to credit: a credit note, and credit to spend.
    const toCredit = await money.placeOrder('website-starter');
    const toCreditForm = await money.payByCard(toCredit.reference);
    const kept = await money.refund(toCreditForm.reference, {
      amount: toCredit.total,
      reason: 'Cancelled: keep it for the next project',
      destination: 'credit',
    });
    expect(kept.creditNote ?? 'issued').toBeTruthy();
    expect(await money.orderStatus(toCredit.reference)).toBe('refunded');
    // Partly by credit, the rest by bank transfer; and a part refund to the card.
    const mixed = await money.placeOrder();
    await money.paidFromCredit(mixed.reference, 500);
    const eft = await money.chooseBankTransfer(mixed.reference);
    expect(eft.amount).toBeCloseTo(mixed.total - 500, 2);
    await money.recorded({
      orderReference: mixed.reference,
      amount: eft.amount,
      receivedOn: today,
      bankReference: `REST ${mixed.reference}`,
    });
    expect(await money.orderStatus(mixed.reference)).toBe('paid');
    await money.refund(card.reference, { amount: 100, reason: 'Logo not needed' });
    // A bank transfer cannot be sent back through the site: it is refunded to credit only.
    const [bankLine] = await t.app.database.db
      .select({ reference: payments.reference })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(orders.reference, byEft.reference), eq(payments.status, 'paid')));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${bankLine!.reference}/refunds`,
      headers: { cookie: owner.cookie },
      payload: { amount: 10, reason: 'Wrong amount' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Bank transfer (EFT) cannot be refunded through the site: refund it to account credit',
    );
    await money.refund(bankLine!.reference, {
      amount: 10,
      reason: 'Price corrected',
      destination: 'credit',
    });

    const books = await money.reconciliation();
    expect(books.breaks).toEqual([]);
    expect(books.balanced).toBe(true);
    expect(cents(books.netSales)).toBe(cents(books.netInvoiced));
    expect(cents(books.netPayments)).toBe(
      cents(books.netSales) + cents(books.heldChange) - cents(books.creditGranted),
    );
    // The held credit is this customer's balance: nothing else holds any.
    expect(cents(books.creditHeld)).toBe(cents((await money.credit()).balance));
    expect(books.depositsHeld).toBeGreaterThanOrEqual(0);
  });
});
