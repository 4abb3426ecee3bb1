import { saToday } from '#shared/dates.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, orders, payments } from '#db/schema/index.ts';
import type { TestApp } from '../../../../tests/helpers/test-app.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { jobsNamed } from '../../../../tests/helpers/jobs.ts';
import { moneyJourneys } from '../../../../tests/helpers/money-journeys.ts';
import { pdfText } from '../../../../tests/helpers/pdf-text.ts';
import { formatRand } from '#shared/money.ts';
import type { startSmtpCatcher } from '../../../../tests/helpers/smtp-catcher.ts';
import { expireBankTransfer, remindBankTransfer } from './bank-transfer-expiry.service.ts';

/**
 * Bank transfers end to end on a listening site with real SMTP: the customer chooses EFT, the
 * team records what the bank shows (typed, or a statement CSV), the order is paid in full or in
 * parts, and an unpaid one expires with a reminder first.
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
const dayMs = 86_400_000;

beforeAll(async () => {
  shop = await startListeningShop();
  ({ t, smtp } = shop);
  const { base } = shop;
  customer = await signUp(t.app, { fullName: 'Sipho Dlamini' });
  owner = await signInAdmin(t.app);
  staff = await signInAdmin(t.app, { role: 'staff' });
  money = moneyJourneys(t.app, base, { customer, owner });
});
afterAll(() => shop.close());

const db = () => t.app.database.db;
const paymentsOf = async (orderReference: string) =>
  db()
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(orders.reference, orderReference))
    .orderBy(payments.createdAt)
    .then((rows) => rows.map((r) => r.payment));

describe('bank transfers (EFT)', () => {
  it('gives the bank details, the reference and the day the order is kept, by mail too', async () => {
    const order = await money.placeOrder();
    const transfer = await money.chooseBankTransfer(order.reference);
    expect(transfer).toMatchObject({
      orderReference: order.reference,
      orderStatus: 'pending_payment',
      bankName: 'Test Bank',
      accountNumber: '000012345678',
      branchCode: '000000',
      amount: order.total,
      received: 0,
      test: true,
      proofs: [],
    });
    const kept = new Date(transfer.payBy).getTime() - Date.now();
    expect(Math.round(kept / dayMs)).toBe(7);
    const mail = await smtp.waitFor(
      customer.email,
      `How to pay order ${order.reference} by bank transfer`,
    );
    expect(mail.text).toContain(`Reference: ${order.reference}`);
    expect(mail.text).toContain('Account number: 000012345678');
    expect(await jobsNamed(t.app, 'bank-transfer-expiry')).not.toHaveLength(0);

    // The pro-forma is no tax invoice and says how to pay.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.reference}/pro-forma.pdf`,
      headers: { cookie: customer.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Pro-forma Invoice');
    expect(text).toContain('This is not a tax invoice');
    expect(text).toContain(`Reference: ${order.reference}`);
    expect(text).toContain('TEST DETAILS');

    // Another customer sees none of it.
    const other = await signUp(t.app, { fullName: 'Other Person' });
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.reference}/eft`,
      headers: { cookie: other.cookie },
    });
    expect(peek.statusCode).toBe(404);
    const peekPdf = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.reference}/pro-forma.pdf`,
      headers: { cookie: other.cookie },
    });
    expect(peekPdf.statusCode).toBe(404);
  });

  it('keeps monthly services to card, which charges them each month', async () => {
    const order = await money.placeOrder('finance-bookkeeping');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.reference}/eft`,
      headers: { cookie: customer.cookie },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      `Order ${order.reference} has monthly services, which are paid by card: the card is charged again each month`,
    );
  });

  it('takes proof of payment from the customer, and only a real file', async () => {
    const order = await money.placeOrder();
    await money.chooseBankTransfer(order.reference);
    const upload = (data: Buffer, filename: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order.reference}/proof-of-payment?filename=${encodeURIComponent(filename)}`,
        headers: { cookie: customer.cookie, 'content-type': 'application/octet-stream' },
        payload: data,
      });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const stored = await upload(pdf, 'proof.pdf');
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json().proofs).toMatchObject([{ filename: 'proof.pdf' }]);
    const refused = await upload(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), 'proof.pdf');
    expect(refused.statusCode).toBe(400);
    // The owners see it with the order they wait for, and can open it.
    const waiting = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bank-transfers',
      headers: { cookie: owner.cookie },
    });
    const listed = waiting
      .json<{ orderReference: string; proofs: { id: string }[] }[]>()
      .find((w) => w.orderReference === order.reference)!;
    expect(listed.proofs).toHaveLength(1);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.reference}/proof-of-payment/${listed.proofs[0]!.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('pays an order in two parts: the rest stays due, the tax invoice comes with the second', async () => {
    const order = await money.placeOrder();
    await money.chooseBankTransfer(order.reference);
    const half = Math.round(order.total * 50) / 100;
    const first = await money.recorded({
      orderReference: order.reference,
      amount: half,
      receivedOn: today,
      bankReference: `DLAMINI ${order.reference}`,
    });
    expect(first).toMatchObject({ orderStatus: 'pending_payment' });
    expect(first.due).toBeCloseTo(order.total - half, 2);
    await smtp.waitFor(customer.email, `received for order ${order.reference}`);
    expect(
      await db()
        .select()
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(eq(orders.reference, order.reference)),
    ).toHaveLength(0);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.reference}/eft`,
      headers: { cookie: customer.cookie },
    });
    expect(view.json()).toMatchObject({ received: half });
    // The pro-forma says what arrived and what is still due.
    const zar = (rand: number) => formatRand(rand).replace(/\s/g, ' ');
    const proForma = await pdfText(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/orders/${order.reference}/pro-forma.pdf`,
          headers: { cookie: customer.cookie },
        })
      ).rawPayload,
    );
    expect(proForma.text).toContain(`Received so far ${zar(half)}`);
    expect(proForma.text).toContain(`Balance due ${zar(order.total - half)}`);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: { cookie: customer.cookie },
    });
    expect(
      listed.json<{ reference: string }[]>().find((o) => o.reference === order.reference),
    ).toMatchObject({ status: 'pending_payment', received: half, awaiting: 'eft' });

    // The same bank line typed again is not money twice.
    const again = await money.recordTransfer({
      orderReference: order.reference,
      amount: half,
      receivedOn: today,
      bankReference: `dlamini  ${order.reference}`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `This bank line is recorded already, as payment ${first.payment}`,
    );

    const second = await money.recorded({
      orderReference: order.reference,
      amount: Math.round((order.total - half) * 100) / 100,
      receivedOn: today,
      bankReference: `DLAMINI ${order.reference} REST`,
    });
    expect(second).toMatchObject({ orderStatus: 'paid', due: 0 });
    const [invoice] = await db()
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(orders.reference, order.reference));
    expect(invoice!.invoice).toMatchObject({
      totalCents: Math.round(order.total * 100),
      paidWith: 'Bank transfer (EFT)',
    });
    const receipt = await smtp.waitFor(
      customer.email,
      `Payment received for order ${order.reference}`,
    );
    expect(receipt.text).toContain('paid with Bank transfer (EFT)');
    // The invoice is marked paid and lists each bank line with the reference it came with.
    const paidInvoice = await pdfText(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/orders/${order.reference}/invoice.pdf`,
          headers: { cookie: customer.cookie },
        })
      ).rawPayload,
    );
    expect(paidInvoice.text).toContain('PAID');
    expect(paidInvoice.text).toContain(
      `Bank transfer (EFT) DLAMINI ${order.reference} ${zar(half)}`,
    );
    expect(paidInvoice.text).toContain(`Bank transfer (EFT) DLAMINI ${order.reference} REST`);
    expect(paidInvoice.text).toContain(`Balance due ${zar(0)}`);
    // The expected transfer is closed; the two bank lines are the order's paid payments.
    expect((await paymentsOf(order.reference)).map((p) => [p.method, p.status])).toEqual([
      ['eft', 'cancelled'],
      ['eft', 'paid'],
      ['eft', 'paid'],
    ]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, order.reference),
          eq(auditLog.action, 'payment.bank_transfer_recorded'),
        ),
      );
    expect(audits).toHaveLength(2);
    expect(audits[0]!.details).toMatchObject({ amount: half, source: 'typed' });
  });

  it('keeps what arrives for an order already paid as credit', async () => {
    const order = await money.placeOrder();
    await money.payByCard(order.reference);
    const before = (await money.credit()).balance;
    const extra = await money.recorded({
      orderReference: order.reference,
      amount: 150,
      receivedOn: today,
      bankReference: `PAID TWICE ${order.reference}`,
    });
    expect(extra.orderStatus).toBe('paid');
    expect((await money.credit()).balance).toBeCloseTo(before + 150, 2);
    await smtp.waitFor(t.config.site.contactEmail, `Order ${order.reference} was paid twice`);
  });

  it('imports a bank statement: matched lines recorded once, the rest left for a person', async () => {
    const a = await money.placeOrder();
    const b = await money.placeOrder();
    await money.chooseBankTransfer(a.reference);
    await money.chooseBankTransfer(b.reference);
    const aDecimalComma = a.total.toFixed(2).replace('.', ',');
    const csv = [
      'Date,Description,Amount',
      `${today},"EFT CREDIT ${a.reference.replace('-', ' ')} NKOSI","${aDecimalComma}"`,
      `${today.split('-').reverse().join('/')},MAGTAPE ${b.reference},50.00`,
      `${today.split('-').reverse().join('/')},MAGTAPE ${b.reference},50.00`,
      `${today},FEE MONTHLY,-65.00`,
      `${today},CASH DEPOSIT,500.00`,
      `${today},${a.reference} AND ${b.reference},300.00`,
      `${today},PAYMENT SO-ZZZZZZ,120.00`,
      `31/02/2026,${b.reference},10.00`,
    ].join('\n');
    const first = await money.importStatement(csv);
    expect(first.statusCode, first.body).toBe(200);
    await t.app.jobs.drain();
    const result = first.json();
    expect(result.recorded.map((r: { line: number }) => r.line)).toEqual([2, 3, 4]);
    expect(
      result.needsAPerson.map((r: { line: number; reason: string }) => [r.line, r.reason]),
    ).toEqual([
      [6, 'names no order reference'],
      [7, `names 2 orders (${a.reference}, ${b.reference}): split it by hand`],
      [8, 'there is no order SO-ZZZZZZ'],
      [9, '"31/02/2026" is not a date'],
    ]);
    expect(result.skipped).toBe(1);
    expect(await money.orderStatus(a.reference)).toBe('paid');
    // Two identical lines are two payments of R50,00.
    const bView = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${b.reference}/eft`,
      headers: { cookie: customer.cookie },
    });
    expect(bView.json().received).toBe(100);

    // Imported again (a statement overlaps the last): nothing is recorded twice.
    const again = (await money.importStatement(csv)).json();
    expect(again.recorded).toEqual([]);
    expect(again.alreadyRecorded.map((r: { line: number }) => r.line)).toEqual([2, 3, 4]);
    expect((await paymentsOf(b.reference)).filter((p) => p.status === 'paid')).toHaveLength(2);

    const unreadable = await money.importStatement('just some words\nno columns here');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error).toBe(
      'The statement needs the columns date, description and amount: name them in a first line, or put them in that order',
    );
    // Owners only: staff can neither import nor record.
    expect((await money.importStatement(csv, staff.cookie)).statusCode).toBe(403);
  });

  it('reminds before an unpaid order expires, then cancels it and keeps what arrived as credit', async () => {
    const order = await money.placeOrder();
    const transfer = await money.chooseBankTransfer(order.reference);
    const [expected] = (await paymentsOf(order.reference)).filter((p) => p.status === 'pending');
    const part = await money.recorded({
      orderReference: order.reference,
      amount: 100,
      receivedOn: today,
      bankReference: `PART ${order.reference}`,
    });
    // A part payment counts towards its order while it waits: it is not refunded on its own.
    const refundOf = (destination: 'method' | 'credit') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${part.payment}/refunds`,
        headers: { cookie: owner.cookie },
        payload: { amount: 100, reason: 'Customer asked', destination },
      });
    const waiting = await refundOf('credit');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error).toBe(
      `Order ${order.reference} is still awaiting payment and payment ${part.payment} counts towards it: cancel the order to keep what it received as the customer's account credit`,
    );
    const before = (await money.credit()).balance;
    const payBy = new Date(transfer.payBy).getTime();
    const deps = { db: db(), config: t.config };
    expect(await remindBankTransfer(deps, expected!.id, new Date(payBy - 2 * dayMs))).toBe(true);
    const reminder = await smtp.waitFor(customer.email, `Order ${order.reference} is kept until`);
    expect(reminder.text).toMatch(/We have not yet received R\s?\d/);
    // Early, the expiry does nothing; on time, it cancels the order.
    expect(await expireBankTransfer(deps, expected!.id, new Date(payBy - 60_000))).toBe(false);
    expect(await money.orderStatus(order.reference)).toBe('pending_payment');
    expect(await expireBankTransfer(deps, expected!.id, new Date(payBy + 1000))).toBe(true);
    expect(await money.orderStatus(order.reference)).toBe('cancelled');
    expect(await expireBankTransfer(deps, expected!.id, new Date(payBy + 2000))).toBe(false);
    const credit = await money.credit();
    expect(credit.balance).toBeCloseTo(before + 100, 2);
    expect(credit.entries.at(-1)).toMatchObject({
      description: `Paid towards order ${order.reference}, which was cancelled`,
      amount: 100,
    });
    // Released to credit, it is credit already.
    const released = await refundOf('credit');
    expect(released.statusCode).toBe(409);
    expect(released.json().error).toBe(
      `Order ${order.reference} was cancelled unpaid: payment ${part.payment} is the customer's account credit already`,
    );
    const cancelled = await smtp.waitFor(customer.email, `Order ${order.reference} is cancelled`);
    expect(cancelled.text).toContain('is kept as credit on your account');
    expect((await money.reconciliation()).breaks).toEqual([]);
  });
});
