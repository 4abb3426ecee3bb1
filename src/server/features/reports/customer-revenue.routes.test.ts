import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders } from '#db/schema/index.ts';
import { saToday } from '#shared/dates.ts';
import { centsToDecimalString } from '#shared/money.ts';
import type { CustomerRevenue } from '#shared/reports.schemas.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { moneyJourneys } from '../../../../tests/helpers/money-journeys.ts';

/** Revenue by customer from real invoices (card payments on the simulator) and a credit note. */
let shop: ListeningShop;
let owner: { cookie: string };
let staff: { cookie: string };
let thandi: { cookie: string; email: string };
let lerato: { cookie: string; email: string };
let money: ReturnType<typeof moneyJourneys>;

beforeAll(async () => {
  shop = await startListeningShop();
  thandi = await signUp(shop.t.app, { fullName: 'Thandi Nkosi' });
  lerato = await signUp(shop.t.app, { fullName: 'Lerato Mokoena' });
  owner = await signInAdmin(shop.t.app);
  staff = await signInAdmin(shop.t.app, { role: 'staff' });
  money = moneyJourneys(shop.t.app, shop.base, { customer: thandi, owner });
});
afterAll(() => shop.close());

const get = (url: string, cookie = owner.cookie) =>
  shop.t.app.inject({ method: 'GET', url, headers: { cookie } });

async function paidInvoice(packageId: string, cookie: string) {
  const order = await money.placeOrder(packageId, cookie);
  const payment = await money.payByCard(order.reference, cookie);
  const [row] = await shop.t.app.database.db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(orders.reference, order.reference));
  return { payment: payment.reference, ...row!.invoice };
}

describe('revenue by customer', () => {
  it('takes the credit notes off each customer’s invoices, incl. and excl. VAT', async () => {
    const first = await paidInvoice('website-business', thandi.cookie);
    const second = await paidInvoice('website-starter', thandi.cookie);
    const hers = await paidInvoice('website-starter', lerato.cookie);
    await money.refund(first.payment, {
      amount: 115,
      reason: 'Logo dropped',
      destination: 'credit',
    });

    const month = saToday().slice(0, 7);
    const response = await get(`/api/admin/reports/revenue-by-customer?from=${month}&to=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<CustomerRevenue>();
    const thandiSales = first.totalCents + second.totalCents;
    const thandiVat = first.vatCents + second.vatCents;
    const thandiRow = {
      name: 'Thandi Nkosi',
      email: thandi.email,
      invoices: 2,
      salesCents: thandiSales,
      refundsCents: 11_500,
      revenueCents: thandiSales - 11_500,
      // R 115,00 credited holds R 15,00 of VAT.
      revenueExVatCents: thandiSales - thandiVat - 10_000,
    };
    const leratoRow = {
      name: 'Lerato Mokoena',
      email: lerato.email,
      invoices: 1,
      salesCents: hers.totalCents,
      refundsCents: 0,
      revenueCents: hers.totalCents,
      revenueExVatCents: hers.totalCents - hers.vatCents,
    };
    expect(report).toEqual({ from: month, to: month, customers: [thandiRow, leratoRow] });

    const csv = await get(`/api/admin/reports/revenue-by-customer.csv?from=${month}&to=${month}`);
    expect(csv.headers['content-disposition']).toContain(
      `revenue-by-customer-${month}-to-${month}.csv`,
    );
    const rows = csv.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'Customer,E-mail,Invoices,Sales incl. VAT (R),Credit notes incl. VAT (R),Revenue incl. VAT (R),Revenue excl. VAT (R)',
    );
    const d = centsToDecimalString;
    expect(rows[1]).toBe(
      `Thandi Nkosi,${thandi.email},2,${d(thandiSales)},115.00,${d(thandiSales - 11_500)},${d(thandiRow.revenueExVatCents)}`,
    );
    expect(rows[3]).toBe(
      `Total,,3,${d(thandiSales + hers.totalCents)},115.00,${d(thandiSales - 11_500 + hers.totalCents)},${d(thandiRow.revenueExVatCents + leratoRow.revenueExVatCents)}`,
    );

    // A month without documents has no customers.
    const empty = await get('/api/admin/reports/revenue-by-customer?from=2020-01&to=2020-02');
    expect(empty.json()).toEqual({ from: '2020-01', to: '2020-02', customers: [] });
  });

  it('is for owners only, over a period that starts before it ends', async () => {
    expect((await get('/api/admin/reports/revenue-by-customer', staff.cookie)).statusCode).toBe(
      403,
    );
    expect((await get('/api/admin/reports/revenue-by-customer.csv', staff.cookie)).statusCode).toBe(
      403,
    );
    const backwards = await get('/api/admin/reports/revenue-by-customer?from=2026-05&to=2026-01');
    expect(backwards.statusCode).toBe(400);
  });
});
