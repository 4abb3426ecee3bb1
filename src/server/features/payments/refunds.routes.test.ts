import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  creditNotes,
  domainOrderEvents,
  domainOrders,
  invoices,
  localRegistrarDomains,
  orders,
  payfastSimulatorRefunds,
  payfastSimulatorSubscriptions,
  payments,
  refunds,
  subscriptions,
} from '#db/schema/index.ts';
import type { TestApp } from '../../../../tests/helpers/test-app.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { pdfText } from '../../../../tests/helpers/pdf-text.ts';
import { formatZAR } from '#shared/money.ts';
import type { Reconciliation } from '#shared/reconciliation.schemas.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { jobsNamed } from '../../../../tests/helpers/jobs.ts';
import type { startSmtpCatcher } from '../../../../tests/helpers/smtp-catcher.ts';
import { payOnSimulator as payOnSimulatorPage } from '../../../../tests/helpers/simulator.ts';
import { createRefund } from '../../integrations/payfast/refunds-api.ts';

/**
 * Refunds end to end on the production path: the site listens, the customer pays on the
 * simulator's page, the simulator's ITN is confirmed over HTTP, and the refund job calls the
 * simulator's refund API (PayFast's wire format, signed headers) over HTTP.
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

const registrant = {
  type: 'individual',
  fullName: 'Thandi Nkosi',
  email: 'thandi@example.co.za',
  phone: '0825550101',
  address1: '12 Jan Smuts Ave',
  city: 'Johannesburg',
  province: 'Gauteng',
  postalCode: '2196',
};

async function placeOrder() {
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { items: [{ type: 'package', packageId: 'website-business' }] },
    headers: { cookie: customer.cookie },
  });
  expect(order.statusCode).toBe(201);
  return order.json<{ reference: string; total: number; vat: number }>();
}

/** A customer's order of one domain (1 year). */
async function orderDomain(domain: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { items: [{ type: 'domain', domain, years: 1, registrant }] },
    headers: { cookie: customer.cookie },
  });
  expect(created.statusCode).toBe(201);
  return created.json<{ reference: string; total: number }>();
}

async function startPayment(orderReference: string) {
  const form = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderReference}/payfast`,
    headers: { cookie: customer.cookie },
  });
  expect(form.statusCode).toBe(200);
  return form.json<{ action: string; reference: string; fields: Record<string, string> }>();
}

/** "Complete payment" on the simulator's page, then the ITN's check job runs. */
const payOnSimulator = (form: { action: string; fields: Record<string, string> }) =>
  payOnSimulatorPage(t.app, base, form);

const refund = (payment: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${payment}/refunds`,
    headers: { cookie },
    payload,
  });

const db = () => t.app.database.db;

/** The id of the subscription the payment `reference` started. */
async function subscriptionOf(reference: string) {
  const [first] = await db().select().from(payments).where(eq(payments.reference, reference));
  const [row] = await db()
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, first!.orderId));
  return row?.id;
}

async function orderStatus(reference: string) {
  const [row] = await db().select().from(orders).where(eq(orders.reference, reference));
  return row!.status;
}

async function dashboard() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/dashboard',
    headers: { cookie: admin.cookie },
  });
  return response.json<{ revenueThisMonthExVatCents: number; overpaymentsToRefund: number }>();
}

async function reconciliation(query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/reconciliation${query}`,
    headers: { cookie: admin.cookie },
  });
  return response.json<Reconciliation>();
}

async function thisMonth() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/profit-analytics',
    headers: { cookie: admin.cookie },
  });
  const month = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' });
  return response
    .json<{ month: string; revenue: number; vat: number; refunds: number }[]>()
    .find((m) => m.month === month.slice(0, 7));
}

describe('refunds and credit notes', () => {
  it('refunds part, then the rest: credit notes in their own series, order refunded, revenue and VAT down', async () => {
    const before = await dashboard();
    const order = await placeOrder();
    const form = await startPayment(order.reference);
    await payOnSimulator(form);
    expect(await orderStatus(order.reference)).toBe('paid');
    const [invoice] = await db()
      .select()
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(orders.reference, order.reference));
    const totalCents = Math.round(order.total * 100);
    const afterSale = await dashboard();
    expect(afterSale.revenueThisMonthExVatCents - before.revenueThisMonthExVatCents).toBe(
      totalCents - invoice!.invoices.vatCents,
    );
    const monthBefore = (await thisMonth())!;

    // Bad requests: no reason, nothing, too much, a customer.
    expect((await refund(form.reference, { amount: 100 })).json().error).toMatch(/why/);
    expect((await refund(form.reference, { amount: 0, reason: 'x' })).statusCode).toBe(400);
    const tooMuch = await refund(form.reference, { amount: order.total + 1, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe(
      `Only ${new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' }).format(order.total)} of payment ${form.reference} is left to refund`,
    );
    expect(
      (await refund(form.reference, { amount: 10, reason: 'Nope' }, customer.cookie)).statusCode,
    ).toBe(401);

    // Part: R1 000.00 back, with its share of the invoice's VAT.
    const first = await refund(form.reference, { amount: 1000, reason: 'Logo design dropped' });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ status: 'pending', amount: 1000, creditNote: null });
    // A second refund while one is in flight is refused: two clicks never refund twice.
    const racing = await refund(form.reference, { amount: 1000, reason: 'Logo design dropped' });
    expect(racing.statusCode).toBe(409);
    await t.app.jobs.drain();
    const vatShare = Math.round((100000 * invoice!.invoices.vatCents) / totalCents);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${form.reference}`,
      headers: { cookie: customer.cookie },
    });
    const [made] = detail.json<{ refunds: { creditNote: string; status: string; vat: number }[] }>()
      .refunds;
    expect(made).toMatchObject({ status: 'completed', vat: vatShare / 100 });
    expect(made!.creditNote).toMatch(/^CN-\d{6}$/);
    expect(await orderStatus(order.reference)).toBe('paid');

    // The credit note: a PDF for its customer (and admins), nobody else; e-mailed over SMTP.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/credit-notes/${made!.creditNote}.pdf`,
      headers: { cookie: customer.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // VAT Act s21(3): the words, its number, the invoice it corrects, the reason, supplier and
    // recipient as on the invoice, the amount and its VAT — read from the page as a person would.
    const { text } = await pdfText(pdf.rawPayload);
    for (const required of [
      'Credit Note',
      made!.creditNote,
      `INV-${String(invoice!.invoices.number).padStart(6, '0')}`,
      'Logo design dropped',
      '4123456789',
      '1 Long Street, Cape Town, 8001',
      'Thandi Nkosi',
      'R 1 000,00',
      formatZAR(vatShare).replace(/\u00a0/g, ' '),
    ]) {
      expect(text, required).toContain(required);
    }
    const stranger = await signUp(t.app);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/credit-notes/${made!.creditNote}.pdf`,
      headers: { cookie: stranger.cookie },
    });
    expect(hidden.statusCode).toBe(404);
    const mail = await smtp.waitFor(customer.email, 'Refund of R');
    expect(mail.text).toContain('Logo design dropped');
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${made!.creditNote}.pdf`]);

    // The rest: the order is refunded, and the credit notes run on without a gap.
    const left = order.total - 1000;
    expect(
      (await refund(form.reference, { amount: left, reason: 'Project cancelled' })).statusCode,
    ).toBe(202);
    await t.app.jobs.drain();
    expect(await orderStatus(order.reference)).toBe('refunded');
    const notes = await db()
      .select()
      .from(creditNotes)
      .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.reference, form.reference))
      .orderBy(creditNotes.number);
    expect(notes.map((n) => n.credit_notes.number)).toEqual([
      notes[0]!.credit_notes.number,
      notes[0]!.credit_notes.number + 1,
    ]);
    expect(notes.every((n) => n.credit_notes.invoiceNumber === invoice!.invoices.number)).toBe(
      true,
    );
    // Refunded in full: the VAT given back is the invoice's VAT to the cent.
    expect(notes.reduce((sum, n) => sum + n.credit_notes.vatCents, 0)).toBe(
      invoice!.invoices.vatCents,
    );
    expect((await refund(form.reference, { amount: 1, reason: 'Once more' })).json().error).toBe(
      `Payment ${form.reference} is already refunded in full`,
    );

    // Revenue and VAT drop in the refund's month.
    expect((await dashboard()).revenueThisMonthExVatCents).toBe(before.revenueThisMonthExVatCents);
    const monthAfter = (await thisMonth())!;
    expect(Math.round((monthBefore.revenue - monthAfter.revenue) * 100)).toBe(totalCents);
    expect(Math.round((monthBefore.vat - monthAfter.vat) * 100)).toBe(invoice!.invoices.vatCents);
    expect(Math.round((monthAfter.refunds - monthBefore.refunds) * 100)).toBe(totalCents);

    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, form.reference));
    expect(audits.map((a) => a.action)).toEqual([
      'payment.refund_requested',
      'payment.refund_requested',
    ]);
    expect(audits[0]!.details).toMatchObject({ amount: 1000, reason: 'Logo design dropped' });
  });

  it('records a second payment of a paid order as an overpayment: kept as credit, e-mailed, refunded in one action', async () => {
    const order = await placeOrder();
    const firstTab = await startPayment(order.reference);
    const secondTab = await startPayment(order.reference);
    await payOnSimulator(firstTab);
    await payOnSimulator(secondTab);
    const rows = await db()
      .select()
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.reference, order.reference))
      .orderBy(payments.createdAt);
    expect(rows.map((r) => [r.payments.status, r.payments.overpayment])).toEqual([
      ['paid', false],
      ['paid', true],
    ]);
    const issued = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, rows[0]!.orders.id));
    expect(issued).toHaveLength(1);
    expect((await dashboard()).overpaymentsToRefund).toBe(1);
    await smtp.waitFor(t.config.site.contactEmail, `Order ${order.reference} was paid twice`);
    const told = await smtp.waitFor(customer.email, `You paid order ${order.reference} twice`);
    expect(told.text).toContain('it is kept as credit on your account');
    const credit = await t.app.inject({
      method: 'GET',
      url: '/api/account/credit',
      headers: { cookie: customer.cookie },
    });
    const heldBefore = credit.json<{ balance: number }>().balance;
    expect(credit.json<{ entries: { description: string }[] }>().entries.at(-1)).toMatchObject({
      description: `Payment ${secondTab.reference} for order ${order.reference}, which was already paid`,
    });

    const book = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: { cookie: admin.cookie },
    });
    const listed = book
      .json<{
        items: {
          reference: string;
          payments: { reference: string; overpayment: boolean; refundable: number }[];
        }[];
      }>()
      .items.find((o) => o.reference === order.reference)!;
    expect(listed.payments).toMatchObject([
      { reference: firstTab.reference, overpayment: false, refundable: order.total },
      { reference: secondTab.reference, overpayment: true, refundable: order.total },
    ]);

    // Held for the customer as credit, the money is accounted for: the books balance.
    const open = await reconciliation();
    expect(open.breaks).toEqual([]);
    expect(open.balanced).toBe(true);
    expect(open.creditHeld).toBeGreaterThanOrEqual(order.total);

    const back = await refund(secondTab.reference, {
      amount: order.total,
      reason: 'Overpayment: the order was already paid',
    });
    expect(back.statusCode).toBe(202);
    await t.app.jobs.drain();
    const [done] = await db()
      .select()
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.reference, secondTab.reference));
    expect(done!.refunds).toMatchObject({ status: 'completed', vatCents: 0 });
    // No supply was made for it: no credit note, and the order stays paid.
    expect(
      await db().select().from(creditNotes).where(eq(creditNotes.refundId, done!.refunds.id)),
    ).toHaveLength(0);
    expect(await orderStatus(order.reference)).toBe('paid');
    expect((await dashboard()).overpaymentsToRefund).toBe(0);
    // Given back to the card, it is no longer the customer's credit.
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/account/credit',
      headers: { cookie: customer.cookie },
    });
    expect(after.json<{ balance: number }>().balance).toBeCloseTo(heldBefore - order.total, 2);
    expect((await reconciliation()).balanced).toBe(true);
  });

  it('refunds a paid domain line that could not be registered, through PayFast, with a credit note', async () => {
    const order = await orderDomain('refund-me-please.co.za');
    await payOnSimulator(await startPayment(order.reference));
    // The registrar failed the name after payment (as when someone else registered it first).
    const [line] = await db()
      .select({ id: domainOrders.id })
      .from(domainOrders)
      .where(eq(domainOrders.domain, 'refund-me-please.co.za'));
    await db()
      .update(domainOrders)
      .set({ status: 'failed', refundDueCents: Math.round(order.total * 100) })
      .where(eq(domainOrders.id, line!.id));
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/domain-orders/${line!.id}/refund`,
      headers: { cookie: admin.cookie },
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', refundDue: null });
    await t.app.jobs.drain();
    const [made] = await db()
      .select()
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(orders.reference, order.reference));
    expect(made!.refunds).toMatchObject({
      status: 'completed',
      amountCents: Math.round(order.total * 100),
      reason: 'Domain refund-me-please.co.za could not be registered for you',
    });
    expect(made!.orders.status).toBe('refunded');
  });

  it('refunds a paid domain at once when someone registered the name first', async () => {
    const domain = 'snapped-up-first.co.za';
    const order = await orderDomain(domain);
    const form = await startPayment(order.reference);
    // Someone else registers the name (an hour ago, at the registry) before our job gets to it.
    await db()
      .insert(localRegistrarDomains)
      .values({
        domain,
        registrant: { fullName: 'Someone Else' },
        registeredAt: new Date(Date.now() - 3_600_000),
        expiresAt: new Date(Date.now() + 365 * 86_400_000),
        nameservers: [],
      });
    await payOnSimulator(form);
    await t.app.jobs.drain();
    const [line] = await db().select().from(domainOrders).where(eq(domainOrders.domain, domain));
    expect(line).toMatchObject({ status: 'refunded', refundDueCents: null });
    const [made] = await db()
      .select()
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(orders.reference, order.reference));
    expect(made!.refunds).toMatchObject({
      status: 'completed',
      amountCents: Math.round(order.total * 100),
      requestedBy: 'system (failed domain line)',
    });
    expect(made!.refunds.reason).toContain(`${domain} was registered elsewhere`);
    expect(made!.orders.status).toBe('refunded');
  });

  it('refuses to refund what was never paid', async () => {
    const order = await placeOrder();
    const form = await startPayment(order.reference);
    const response = await refund(form.reference, { amount: 10, reason: 'Not paid' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      `Payment ${form.reference} is not paid, so there is nothing to refund`,
    );
    expect((await refund('PAY-NOPE0000', { amount: 10, reason: 'Unknown' })).statusCode).toBe(404);
    expect(await jobsNamed(t.app, 'refund-payment')).toHaveLength(5);
  });

  it('adds a monthly service to the set: the first month, a month paid, one failed, one refunded', async () => {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { items: [{ type: 'package', packageId: 'finance-bookkeeping' }] },
      headers: { cookie: customer.cookie },
    });
    const form = await startPayment(placed.json<{ reference: string }>().reference);
    expect(form.fields.subscription_type).toBe('1');
    await payOnSimulator(form);
    const [held] = (await db().select().from(payfastSimulatorSubscriptions)).filter(
      (s) => s.form.m_payment_id === form.reference,
    );
    const bill = async (outcome: 'complete' | 'fail') => {
      const response = await fetch(`${base}/payfast-simulator/subscriptions/${held!.token}/bill`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome }),
      });
      expect(response.status).toBe(200);
      await t.app.jobs.drain();
    };
    await bill('complete');
    await bill('fail');
    const charges = await db()
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, (await subscriptionOf(form.reference))!));
    expect(charges.map((c) => c.status).sort()).toEqual(['failed', 'paid', 'paid']);
    const month2 = charges.find((c) => c.status === 'paid' && c.reference !== form.reference)!;
    expect(
      (await refund(month2.reference, { amount: 1299, reason: 'Month not used' })).statusCode,
    ).toBe(202);
    await t.app.jobs.drain();
    const [credited] = await db().select().from(orders).where(eq(orders.id, month2.orderId));
    expect(credited!.status).toBe('refunded');
  });

  it('refunds an Instant EFT payment into the buyer’s bank account, as PayFast’s refund query asks (BANK_PAYOUT)', async () => {
    const order = await placeOrder();
    const form = await startPayment(order.reference);
    await payOnSimulatorPage(t.app, base, form, 'complete-eft');
    expect(await orderStatus(order.reference)).toBe('paid');
    const [paid] = await db().select().from(payments).where(eq(payments.reference, form.reference));

    // The refund form asks PayFast first: a bank payout, to one of the banks PayFast lists.
    const termsOf = (cookie: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/payments/${form.reference}/refund-terms`,
        headers: { cookie },
      });
    expect((await termsOf(customer.cookie)).statusCode).toBe(401);
    const terms = await termsOf(admin.cookie);
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toEqual({
      available: order.total,
      original: order.total,
      full: 'bank-account',
      partial: 'bank-account',
      banks: [
        { code: 'ABSA', label: 'Absa' },
        { code: 'STANDARD', label: 'Standard Bank' },
        { code: 'FNB', label: 'FNB' },
      ],
      notes: [],
    });

    // Bank details that are not what PayFast takes: each field says what is wrong.
    const bad = await refund(form.reference, {
      amount: 100,
      reason: 'Logo design dropped',
      bankAccount: {
        holder: '',
        bank: 'FNB',
        branchCode: '25-06-55',
        accountNumber: '62 000 000 000',
        accountType: 'cheque',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ issues: { path: string; message: string }[] }>().issues).toEqual(
      expect.arrayContaining([
        { path: 'bankAccount.holder', message: 'Enter the account holder’s name' },
        { path: 'bankAccount.branchCode', message: 'Enter the branch code: up to 6 digits' },
        {
          path: 'bankAccount.accountNumber',
          message: 'Enter the account number: up to 12 digits, no spaces',
        },
        { path: 'bankAccount.accountType', message: 'Choose current or savings' },
      ]),
    );

    // Without the bank details the refund cannot be made: it fails saying why, the owners are
    // told, and nothing is refunded.
    const without = await refund(form.reference, { amount: 100, reason: 'Logo design dropped' });
    expect(without.statusCode).toBe(202);
    await t.app.jobs.drain();
    const [failed] = await db()
      .select()
      .from(refunds)
      .where(eq(refunds.reference, without.json<{ reference: string }>().reference));
    expect(failed).toMatchObject({
      status: 'failed',
      outcome:
        "PayFast pays this refund into the buyer's bank account, not back to the card: refund " +
        'again with the account holder, bank, branch code, account number and account type',
    });
    await smtp.waitFor(
      t.config.site.contactEmail,
      `Refund ${failed!.reference} of ${formatZAR(10000)} failed`,
    );
    // PayFast (the simulator's API, signed) itself refuses a bank payout without the details.
    const payfast = {
      apiUrl: t.config.payfast.apiUrl,
      merchantId: t.config.payfast.merchantId,
      passphrase: t.config.payfast.passphrase,
      mode: t.config.payfast.mode,
    };
    await expect(
      createRefund(payfast, { pfPaymentId: paid!.externalId!, amountCents: 100, reason: 'x' }),
    ).rejects.toThrow(
      'PayFast refused (400): This refund is paid out to a bank account: bank_account_holder, ' +
        'bank_name, bank_branch_code, bank_account_number, bank_account_type missing or not valid',
    );
    const [sofar] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(payfastSimulatorRefunds)
      .where(eq(payfastSimulatorRefunds.pfPaymentId, paid!.externalId!));
    expect(sofar!.n).toBe(0);

    // With them: paid into the account, with its credit note; the details are not kept after.
    const made = await refund(form.reference, {
      amount: 100,
      reason: 'Logo design dropped',
      bankAccount: {
        holder: 'Thandi Nkosi',
        bank: 'FNB',
        branchCode: '250655',
        accountNumber: '62000000123',
        accountType: 'current',
      },
    });
    expect(made.statusCode).toBe(202);
    const [pending] = await db()
      .select()
      .from(refunds)
      .where(eq(refunds.reference, made.json<{ reference: string }>().reference));
    expect(pending!.bankAccount).toMatchObject({ bank: 'FNB', accountNumber: '62000000123' });
    await t.app.jobs.drain();
    const [done] = await db().select().from(refunds).where(eq(refunds.id, pending!.id));
    expect(done).toMatchObject({
      status: 'completed',
      outcome: "Paid by PayFast into the buyer's FNB account ending 123",
      bankAccount: null,
    });
    const [refundedAtPayfast] = await db()
      .select()
      .from(payfastSimulatorRefunds)
      .where(eq(payfastSimulatorRefunds.pfPaymentId, paid!.externalId!));
    expect(refundedAtPayfast).toMatchObject({ amountCents: 10000, reason: 'Logo design dropped' });
    const [note] = await db().select().from(creditNotes).where(eq(creditNotes.refundId, done!.id));
    expect(note).toBeDefined();
    // The audit log names the bank and the last digits only.
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, form.reference))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit!.details).toMatchObject({ bankAccount: 'FNB account ending 123' });
    expect(JSON.stringify(audit!.details)).not.toContain('62000000123');
  });

  it('reconciles the mixed set to the cent: orders paid − refunds = invoices − credit notes = payments − refunds paid out − credit held', async () => {
    const now = await reconciliation();
    expect(now.breaks).toEqual([]);
    expect(now.balanced).toBe(true);
    expect(now.netSales).toBe(now.netInvoiced);
    expect(now.netPayments).toBeCloseTo(now.netSales + now.heldChange - now.creditGranted, 2);
    expect(now.paymentsReceived).toBeGreaterThan(now.netPayments);
    // A period before any sale holds nothing, and still balances.
    expect(await reconciliation('?from=2020-01-01&to=2020-01-31')).toMatchObject({
      balanced: true,
      paymentsReceived: 0,
      breaks: [],
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reconciliation?from=2026-02-31',
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('from: That day does not exist');
    const backwards = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reconciliation?from=2026-03-02&to=2026-03-01',
      headers: { cookie: admin.cookie },
    });
    expect(backwards.json().error).toBe('to: The period must start on or before its last day');
  });

  it('shows profit by month on one basis, by service, as CSV, for a chosen period', async () => {
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
    const month = (await thisMonth())!;
    const monthKey = month.month;
    const figures = (await get(`/api/admin/profit-analytics?from=${monthKey}&to=${monthKey}`)).json<
      Record<string, number | string>[]
    >();
    expect(figures).toHaveLength(1);
    const m = figures[0]!;
    // The overpayment taken and given back: counted as received, never as revenue.
    expect(m.overpayments).toBeGreaterThan(0);
    expect(Number(m.paymentFeesExVat) + Number(m.paymentFeeVat)).toBeCloseTo(
      Number(m.paymentFees),
      2,
    );
    expect(Number(m.grossProfit)).toBeCloseTo(
      Number(m.revenueExVat) - Number(m.paymentFeesExVat) - Number(m.registrarCosts),
      2,
    );
    const services = (await get(`/api/admin/profit-analytics/services?from=${monthKey}`)).json<
      { kind: string; label: string; lines: number; revenueExVat: number }[]
    >();
    expect(services.find((s) => s.kind === 'website')).toMatchObject({ label: 'Websites' });
    // Two domain lines were sold this month (both refunded later: refunds are not per service).
    expect(services.find((s) => s.kind === 'domain')).toMatchObject({
      label: 'Domain registrations',
      lines: 2,
    });
    const csv = await get(`/api/admin/profit-analytics.csv?from=${monthKey}&to=${monthKey}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="profit-${monthKey}-to-${monthKey}.csv"`,
    );
    const [header, row] = csv.body.trim().split('\r\n');
    expect(header).toMatch(/^Month,Orders,Revenue incl\. VAT \(R\),/);
    expect(row!.split(',')[0]).toBe(monthKey);
    expect(row!.split(',').at(-1)).toBe(Number(m.grossProfit).toFixed(2));
    expect((await get('/api/admin/profit-analytics?from=2026-13')).statusCode).toBe(400);
    expect((await get('/api/admin/profit-analytics?from=2026-05&to=2026-04')).json().error).toBe(
      'to: The period must start on or before its last month',
    );
    expect((await get('/api/admin/profit-analytics?from=2020-01&to=2020-02')).json()).toEqual([]);
  });

  it('sets this month against last on the dashboard: a sale paid last month counts there', async () => {
    const before = await dashboardTrend();
    const order = await placeOrder();
    await payOnSimulator(await startPayment(order.reference));
    const [paid] = await db().select().from(orders).where(eq(orders.reference, order.reference));
    const afterSale = await dashboardTrend();
    expect(afterSale.revenueThisMonthExVatCents - before.revenueThisMonthExVatCents).toBe(
      paid!.subtotalCents,
    );
    // Paid a month earlier (in South African time), it is last month's.
    await db()
      .update(orders)
      .set({ paidAt: sql`date_trunc('month', now()) - interval '10 days'` })
      .where(eq(orders.id, paid!.id));
    const moved = await dashboardTrend();
    expect(moved.revenueThisMonthExVatCents).toBe(before.revenueThisMonthExVatCents);
    expect(moved.revenueLastMonthExVatCents - before.revenueLastMonthExVatCents).toBe(
      paid!.subtotalCents,
    );
  });

  it("settles a failed domain line's flagged refund when its whole order is refunded from the payment", async () => {
    const domain = 'refunded-with-its-order.co.za';
    const order = await orderDomain(domain);
    const form = await startPayment(order.reference);
    await payOnSimulator(form);
    // The line failed after payment and its refund is flagged for the back office.
    const [line] = await db().select().from(domainOrders).where(eq(domainOrders.domain, domain));
    await db()
      .update(domainOrders)
      .set({ status: 'failed', refundDueCents: Math.round(order.total * 100) })
      .where(eq(domainOrders.id, line!.id));
    // An owner refunds the whole payment instead of the line: the flag is settled with it.
    const whole = await refund(form.reference, { amount: order.total, reason: 'Order cancelled' });
    expect(whole.statusCode).toBe(202);
    await t.app.jobs.drain();
    expect(await orderStatus(order.reference)).toBe('refunded');
    const [after] = await db().select().from(domainOrders).where(eq(domainOrders.id, line!.id));
    expect(after).toMatchObject({ status: 'refunded', refundDueCents: null });
    const events = await db()
      .select()
      .from(domainOrderEvents)
      .where(eq(domainOrderEvents.orderId, line!.id))
      .orderBy(domainOrderEvents.id);
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'failed',
      toStatus: 'refunded',
      note: `Refunded with order ${order.reference}`,
    });
  });
});

async function dashboardTrend() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/dashboard',
    headers: { cookie: admin.cookie },
  });
  return response.json<{
    revenueThisMonthExVatCents: number;
    revenueLastMonthExVatCents: number;
  }>();
}
