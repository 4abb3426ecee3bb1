import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, domainOrders, invoices, orderItems, orders } from '#db/schema/index.ts';
import type { Coupon } from '#shared/coupons.schemas.ts';
import type { ProfitMonth } from '#shared/admin.schemas.ts';
import { noLossPriceCents } from '#shared/domain-pricing.ts';
import { formatZAR, vatFromInclusive } from '#shared/money.ts';
import type { ProfitServiceFigures } from '#shared/profit.schemas.ts';
import { pdfText } from '../../../../tests/helpers/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';

/**
 * Coupons on a VAT vendor's orders: the race for a last use, the tax invoice with its discount
 * line and VAT on the discounted total, a domain's no-loss floor, and profit after discounts.
 */

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({
    SUPPLIER_VAT_NUMBER: '4123456789',
    SUPPLIER_ADDRESS: '1 Long Street, Cape Town, 8001',
  });
  owner = (await signInAdmin(t.app)).cookie;
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const registrant = {
  type: 'individual',
  fullName: 'Lindiwe Mthembu',
  email: 'lindiwe@example.co.za',
  phone: '082 555 0101',
  address1: '5 Long Street',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
};
const website = { type: 'package', packageId: 'website-starter' };
const domain = (name: string) => ({ type: 'domain', domain: name, years: 1, registrant });

async function createCoupon(values: Record<string, unknown>): Promise<Coupon> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: { cookie: owner },
    payload: { kind: 'percent', value: 10, ...values },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Coupon>();
}

const place = (cookie: string, coupon: string, items: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { items, coupon },
  });

/** Pays an order in full from account credit the owner gives the customer first. */
async function payFromCredit(
  customer: { cookie: string; email: string },
  reference: string,
  total: number,
) {
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/credit',
    headers: { cookie: owner },
    payload: { email: customer.email, amount: total, reason: 'Credit for the test order' },
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${reference}/credit`,
    headers: { cookie: customer.cookie },
    payload: { amount: total },
  });
  expect(paid.json()).toMatchObject({ orderStatus: 'paid', due: 0 });
}

describe('coupons on orders', () => {
  it('gives the last use to exactly one of the customers racing for it', async () => {
    const coupon = await createCoupon({ code: 'LASTONE', totalLimit: 2 });
    const early = await signUp(t.app);
    expect((await place(early.cookie, 'LASTONE', [website])).statusCode).toBe(201);
    const racers = await Promise.all([1, 2, 3, 4].map(() => signUp(t.app)));
    // Each order is priced, then they all reach the coupon's lock at once.
    const answers = await Promise.all(
      racers.map((racer) => place(racer.cookie, 'lastone', [website])),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().error).toBe('Coupon LASTONE has been used up');
    }
    const uses = await db()
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    expect(uses).toHaveLength(2);
    // The refused orders were not kept, not even in part.
    const placed = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.userId,
          racers.map((racer) => racer.user.id),
        ),
      );
    expect(placed).toHaveLength(1);
  });

  it('puts the discount on the tax invoice as its own line, VAT on the discounted total, and profit counts what was charged', async () => {
    await createCoupon({ code: 'TENOFF', value: 10 });
    const customer = await signUp(t.app);
    const response = await place(customer.cookie, 'TENOFF', [
      website,
      domain('kopano-bakery.co.za'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json<{ reference: string; total: number; vat: number }>();
    // R 2 499,00 and R 131,10 less 10% of each (R 249,90 and R 13,11).
    expect(placed).toMatchObject({ total: 2367.09, vat: 308.75 });
    expect(vatFromInclusive(236_709)).toBe(30_875);

    await payFromCredit(customer, placed.reference, placed.total);

    const [invoice] = await db()
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(orders.reference, placed.reference));
    const { lines, totalCents, vatCents } = invoice!.invoice;
    expect(lines.find((line) => line.title.startsWith('Coupon'))).toEqual({
      title: 'Coupon TENOFF: 10% off',
      quantity: 1,
      unitCents: -26_301,
      totalCents: -26_301,
    });
    // It adds up to the cent, and the VAT is the VAT in what was charged.
    expect(lines.reduce((sum, line) => sum + line.totalCents, 0)).toBe(totalCents);
    expect({ totalCents, vatCents }).toEqual({ totalCents: 236_709, vatCents: 30_875 });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${placed.reference}/invoice.pdf`,
      headers: { cookie: customer.cookie },
    });
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Tax Invoice');
    // The PDF's text has plain spaces where the amounts have no-break ones.
    const amount = (cents: number) => formatZAR(cents).replace(/\s/g, ' ');
    expect(text).toContain(`Coupon TENOFF: 10% off 1 ${amount(-26_301)} ${amount(-26_301)}`);
    expect(text).toContain(`Subtotal excl. VAT ${amount(236_709 - 30_875)}`);
    expect(text).toContain(`VAT (15%) included ${amount(30_875)}`);
    // The domain order holds what was paid for it: a refund of it gives back no more.
    const [held] = await db()
      .select({ priceCents: domainOrders.priceCents })
      .from(domainOrders)
      .where(eq(domainOrders.domain, 'kopano-bakery.co.za'));
    expect(held!.priceCents).toBe(13_110 - 1_311);

    // Profit analytics: the month's revenue is what was charged; by service, each line counts
    // its price less its part of the discount, and the discount is no service of its own.
    const month = await t.app.inject({
      method: 'GET',
      url: '/api/admin/profit-analytics',
      headers: { cookie: owner },
    });
    expect(month.json<ProfitMonth[]>()[0]).toMatchObject({
      orders: 1,
      revenue: 2367.09,
      vat: 308.75,
      revenueExVat: 2058.34,
    });
    const byService = await t.app.inject({
      method: 'GET',
      url: '/api/admin/profit-analytics/services',
      headers: { cookie: owner },
    });
    const kinds = byService.json<ProfitServiceFigures[]>();
    expect(kinds.map((kind) => kind.kind).sort()).toEqual(['domain', 'website']);
    // R 2 249,10 and R 117,99 charged, VAT included: their parts of R 2 058,34.
    expect(kinds.find((kind) => kind.kind === 'website')!.revenueExVat).toBe(1955.74);
    expect(kinds.find((kind) => kind.kind === 'domain')!.revenueExVat).toBe(102.6);
  });

  it('completes an order of nothing but domains once they are registered: the discount line is nothing to deliver', async () => {
    const customer = await signUp(t.app);
    const placed = (await place(customer.cookie, 'TENOFF', [domain('thabo-tyres.co.za')])).json();
    await payFromCredit(customer, placed.reference, placed.total);
    await t.app.jobs.drain();
    const [row] = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.reference, placed.reference));
    expect(row!.status).toBe('completed');
  });

  it('never sells a domain under its no-loss price, whatever the coupon', async () => {
    await createCoupon({ code: 'FREEDOMAIN', value: 100, endings: ['co.za'] });
    const customer = await signUp(t.app);
    const response = await place(customer.cookie, 'FREEDOMAIN', [
      website,
      domain('sipho-plumbing.co.za'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await db()
      .select({ priceCents: domainOrders.priceCents, costCents: domainOrders.registrarCostCents })
      .from(domainOrders)
      .where(eq(domainOrders.domain, 'sipho-plumbing.co.za'));
    const floor = noLossPriceCents(row!.costCents, true);
    expect(row!.priceCents).toBe(floor);
    const items = await db()
      .select()
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.reference, response.json().reference));
    // Only the domain was discounted: the website is not a .co.za.
    expect(
      items.map(({ order_items: item }) => [item.type, item.totalCents, item.discountCents]).sort(),
    ).toEqual([
      ['coupon', -(13_110 - floor), 0],
      ['domain', 13_110, 13_110 - floor],
      ['package', 249_900, 0],
    ]);
  });
});
