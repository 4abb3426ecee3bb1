import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, invoices, orders } from '#db/schema/index.ts';
import { saToday } from '#shared/dates.ts';
import { centsToDecimalString, formatZAR } from '#shared/money.ts';
import type { VatReturn } from '#shared/reports.schemas.ts';
import { vatPeriodBefore, vatPeriodDays, vatPeriodOf } from '#shared/vat-periods.ts';
import { vatWording } from '#shared/vat-wording.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { moneyJourneys } from '../../../../tests/helpers/money-journeys.ts';
import { pdfText } from '../../../../tests/helpers/pdf-text.ts';
import { createTestApp } from '../../../../tests/helpers/test-app.ts';

/**
 * The VAT return from real documents: orders paid by card on the simulator issue the tax
 * invoices, a refund issues the credit note, and the report must state what they state.
 */
let shop: ListeningShop;
let owner: { cookie: string };
let staff: { cookie: string };
let customer: { cookie: string; email: string };
let money: ReturnType<typeof moneyJourneys>;

beforeAll(async () => {
  shop = await startListeningShop();
  customer = await signUp(shop.t.app, { fullName: 'Thandi Nkosi' });
  owner = await signInAdmin(shop.t.app);
  staff = await signInAdmin(shop.t.app, { role: 'staff' });
  money = moneyJourneys(shop.t.app, shop.base, { customer, owner });
});
afterAll(() => shop.close());

const get = (url: string, cookie = owner.cookie) =>
  shop.t.app.inject({ method: 'GET', url, headers: { cookie } });

async function report(period: string): Promise<VatReturn> {
  const response = await get(`/api/admin/reports/vat-return?period=${period}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VatReturn>();
}

async function invoiceOf(reference: string) {
  const [row] = await shop.t.app.database.db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(orders.reference, reference));
  return row!.invoice;
}

describe('VAT return', () => {
  it('declares the VAT of the tax invoices less the credit notes, each document once', async () => {
    const first = await money.placeOrder('website-business');
    const paidFirst = await money.payByCard(first.reference);
    const second = await money.placeOrder('website-starter');
    await money.payByCard(second.reference);
    await money.refund(paidFirst.reference, {
      amount: 115,
      reason: 'Logo design dropped',
      destination: 'credit',
    });

    const current = vatPeriodOf(saToday());
    const figures = await report(current);
    const invoiceA = await invoiceOf(first.reference);
    const invoiceB = await invoiceOf(second.reference);
    const [note] = await shop.t.app.database.db.select().from(creditNotes);
    const number = (n: number) => `INV-${String(n).padStart(6, '0')}`;
    const creditNote = `CN-${String(note!.number).padStart(6, '0')}`;

    expect(figures.noVatReturn).toBeNull();
    expect(figures.documents.map((d) => d.number)).toEqual([
      number(invoiceA.number),
      number(invoiceB.number),
      creditNote,
    ]);
    expect(figures.documents[2]).toMatchObject({
      kind: 'credit_note',
      corrects: number(invoiceA.number),
      customer: 'Thandi Nkosi',
      totalCents: 11_500,
      vatCents: note!.vatCents,
    });
    // 15/115 of R 115,00 is R 15,00 exactly.
    expect(note!.vatCents).toBe(1_500);
    expect(figures.invoices).toEqual({
      count: 2,
      totalCents: invoiceA.totalCents + invoiceB.totalCents,
      vatCents: invoiceA.vatCents + invoiceB.vatCents,
    });
    expect(figures.creditNotes).toEqual({ count: 1, totalCents: 11_500, vatCents: 1_500 });
    expect(figures.outputVatCents).toBe(invoiceA.vatCents + invoiceB.vatCents - 1_500);

    // The VAT each invoice prints to its customer is the VAT the report declares for it.
    const pdf = await get(`/api/orders/${first.reference}/invoice.pdf`, customer.cookie);
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text.replace(/\s/g, '')).toContain(
      formatZAR(figures.documents[0]!.vatCents).replace(/\s/g, ''),
    );

    const csv = await get(`/api/admin/reports/vat-return.csv?period=${current}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`vat-return-${current}.csv`);
    const rows = csv.body.trimEnd().split('\r\n');
    expect(rows).toHaveLength(5);
    expect(rows[3]).toBe(
      `Credit Note,${creditNote},${saToday()},Thandi Nkosi,${number(invoiceA.number)},-115.00,-15.00`,
    );
    expect(rows[4]).toBe(
      `Output VAT,,,,,${centsToDecimalString(invoiceA.totalCents + invoiceB.totalCents - 11_500)},${centsToDecimalString(figures.outputVatCents)}`,
    );
  });

  it('counts a document in the period of its South African date only', async () => {
    const order = await money.placeOrder('website-starter');
    await money.payByCard(order.reference);
    const invoice = await invoiceOf(order.reference);
    const current = vatPeriodOf(saToday());
    const previous = vatPeriodBefore(current, 1);
    // 23:59 on the period's last day in South Africa is 21:59 UTC: the earlier period still.
    const lastMinute = new Date(
      Date.parse(`${vatPeriodDays(current).from}T00:00:00+02:00`) - 60_000,
    );
    await shop.t.app.database.db
      .update(invoices)
      .set({ issuedAt: lastMinute })
      .where(eq(invoices.id, invoice.id));

    const before = await report(previous);
    expect(before.documents).toEqual([
      expect.objectContaining({ number: `INV-${String(invoice.number).padStart(6, '0')}` }),
    ]);
    expect(before.outputVatCents).toBe(invoice.vatCents);
    const { dueOn } = before;
    expect(dueOn).toBe(`${current}-25`);
    expect((await report(current)).documents.map((d) => d.number)).not.toContain(
      before.documents[0]!.number,
    );
  });

  it('is for owners only, and asks for a period by its first month', async () => {
    expect((await get('/api/admin/reports/vat-return', staff.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/reports/vat-return.csv', staff.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/reports/vat-return', '')).statusCode).toBe(401);
    const even = await get('/api/admin/reports/vat-return?period=2026-12');
    expect(even.statusCode).toBe(400);
    expect(even.json().error).toContain('Choose a VAT period by its first month');
  });
});

describe('VAT return without VAT registration', () => {
  it('says there is no VAT to return, in the CSV too', async () => {
    const t = await createTestApp();
    try {
      const plainOwner = await signInAdmin(t.app);
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/admin/reports/vat-return?period=2026-11',
        headers: { cookie: plainOwner.cookie },
      });
      const sentence = vatWording(false).noVatReturn!;
      expect(answer.json()).toMatchObject({
        label: 'November–December 2026',
        from: '2026-11-01',
        to: '2026-12-31',
        dueOn: '2027-01-25',
        noVatReturn: sentence,
        outputVatCents: 0,
        documents: [],
      });
      const csv = await t.app.inject({
        method: 'GET',
        url: '/api/admin/reports/vat-return.csv?period=2026-11',
        headers: { cookie: plainOwner.cookie },
      });
      // The sentence has a comma, so the cell is quoted.
      expect(csv.body).toBe(`"${sentence}"\r\n`);
    } finally {
      await t.close();
    }
  });
});
