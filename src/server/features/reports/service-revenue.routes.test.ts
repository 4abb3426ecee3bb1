import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, invoices, orderItems, orders } from '#db/schema/index.ts';
import { saToday } from '#shared/dates.ts';
import { centsToDecimalString } from '#shared/money.ts';
import type { ServiceRevenue } from '#shared/reports.schemas.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { moneyJourneys } from '../../../../tests/helpers/money-journeys.ts';

/**
 * Revenue by service from real invoices (card payments on the simulator), one of them with lines
 * of two services and a coupon, and a credit note for an amount that does not divide evenly over
 * its lines.
 */
let shop: ListeningShop;
let owner: { cookie: string };
let staff: { cookie: string };
let thandi: { cookie: string; email: string };
let money: ReturnType<typeof moneyJourneys>;

beforeAll(async () => {
  shop = await startListeningShop();
  thandi = await signUp(shop.t.app, { fullName: 'Thandi Nkosi' });
  owner = await signInAdmin(shop.t.app);
  staff = await signInAdmin(shop.t.app, { role: 'staff' });
  money = moneyJourneys(shop.t.app, shop.base, { customer: thandi, owner });
  // Over R 5 000,00 a tax invoice shows the customer's address.
  await shop.t.app.inject({
    method: 'PATCH',
    url: '/api/user/profile',
    headers: { cookie: thandi.cookie },
    payload: {
      fullName: 'Thandi Nkosi',
      address: '12 Vilakazi Street, Orlando West, Soweto, 1804',
    },
  });
});
afterAll(() => shop.close());

const get = (url: string, cookie = owner.cookie) =>
  shop.t.app.inject({ method: 'GET', url, headers: { cookie } });

/** An order of `items` (with a coupon), paid by card: its invoice and its lines. */
async function paidInvoice(items: Record<string, unknown>[], coupon?: string) {
  const placed = await shop.t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: thandi.cookie },
    payload: { items, coupon },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { reference } = placed.json<{ reference: string }>();
  const payment = await money.payByCard(reference);
  const db = shop.t.app.database.db;
  const [row] = await db
    .select({ invoice: invoices, orderId: orders.id })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(orders.reference, reference));
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, row!.orderId));
  return { payment: payment.reference, invoice: row!.invoice, lines };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('revenue by service', () => {
  it('shares each invoice and credit note over its lines, adding up to the documents to the cent', async () => {
    const coupon = await shop.t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: { cookie: owner.cookie },
      payload: { code: 'LAUNCH10', kind: 'percent', value: 10 },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const mixed = await paidInvoice(
      [
        { type: 'package', packageId: 'website-starter', addOnIds: ['website-logo'] },
        { type: 'package', packageId: 'plan-essential' },
      ],
      'LAUNCH10',
    );
    const plan = await paidInvoice([{ type: 'package', packageId: 'plan-essential' }]);
    await money.refund(mixed.payment, {
      amount: 100.01,
      reason: 'Logo dropped',
      destination: 'credit',
    });
    const db = shop.t.app.database.db;
    const [note] = await db.select().from(creditNotes);
    expect(note!.totalCents).toBe(10_001);

    const month = saToday().slice(0, 7);
    const response = await get(`/api/admin/reports/revenue-by-service?from=${month}&to=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<ServiceRevenue>();
    const [website, plans] = [
      report.services.find((s) => s.kind === 'website')!,
      report.services.find((s) => s.kind === 'plan')!,
    ];
    expect(report.services.map((s) => s.label).toSorted()).toEqual(['Business plans', 'Websites']);
    expect(website.packages.map((p) => [p.id, p.name, p.invoices])).toEqual([
      ['website-starter', 'Starter', 1],
    ]);
    expect(plans.packages.map((p) => [p.id, p.name, p.invoices])).toEqual([
      ['plan-essential', 'Essential plan', 2],
    ]);

    // The mixed invoice's total and VAT, and the credit note's, go to each line by its part of
    // what the order charged (its price less its part of the coupon), never more than a cent
    // from the exact share; the coupon's own line is no service.
    const charged = (line: (typeof mixed.lines)[number]) => line.totalCents - line.discountCents;
    const services = mixed.lines.filter((l) => l.packageId !== null);
    expect(services).toHaveLength(mixed.lines.length - 1);
    expect(sum(services.map(charged))).toBe(mixed.invoice.totalCents);
    const weight = (kind: string) =>
      charged(services.find((l) => l.packageId!.startsWith(kind))!) / mixed.invoice.totalCents;
    const near = (cents: number, exact: number, roundings = 1) =>
      expect(Math.abs(cents - exact)).toBeLessThan(roundings);
    near(website.salesCents, mixed.invoice.totalCents * weight('website'));
    near(website.refundsCents, note!.totalCents * weight('website'));
    // Its VAT: its share of the invoice's less its share of the credit note's.
    near(
      website.revenueCents - website.revenueExVatCents,
      (mixed.invoice.vatCents - note!.vatCents) * weight('website'),
      2,
    );
    expect(plans.salesCents).toBe(
      mixed.invoice.totalCents - website.salesCents + plan.invoice.totalCents,
    );

    // Together they are the invoices less the credit note, incl. and excl. VAT, to the cent.
    const invoiced = mixed.invoice.totalCents + plan.invoice.totalCents;
    const invoicedVat = mixed.invoice.vatCents + plan.invoice.vatCents;
    const totals = {
      invoices: 2,
      salesCents: invoiced,
      refundsCents: 10_001,
      revenueCents: invoiced - 10_001,
      revenueExVatCents: invoiced - invoicedVat - (10_001 - note!.vatCents),
    };
    expect(report.totals).toEqual(totals);
    for (const key of [
      'salesCents',
      'refundsCents',
      'revenueCents',
      'revenueExVatCents',
    ] as const) {
      expect(sum(report.services.map((s) => s[key])), key).toBe(totals[key]);
      for (const service of report.services) {
        expect(sum(service.packages.map((p) => p[key])), `${service.kind} ${key}`).toBe(
          service[key],
        );
      }
    }
    // The most revenue first.
    expect(report.services[0]!.revenueCents).toBeGreaterThanOrEqual(
      report.services[1]!.revenueCents,
    );

    const csv = await get(`/api/admin/reports/revenue-by-service.csv?from=${month}&to=${month}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(
      `revenue-by-service-${month}-to-${month}.csv`,
    );
    const d = centsToDecimalString;
    const cells = (f: typeof totals) =>
      [
        f.invoices,
        d(f.salesCents),
        d(f.refundsCents),
        d(f.revenueCents),
        d(f.revenueExVatCents),
      ].join(',');
    const rows = csv.body.trimEnd().split('\r\n');
    expect(rows).toEqual([
      'Service,Package,Invoices,Sales incl. VAT (R),Credit notes incl. VAT (R),Revenue incl. VAT (R),Revenue excl. VAT (R)',
      ...report.services.map((s) => `${s.label},${s.packages[0]!.name},${cells(s)}`),
      `Total,,${cells(totals)}`,
    ]);

    // A month without documents has no services, and nothing in total.
    const empty = await get('/api/admin/reports/revenue-by-service?from=2020-01&to=2020-02');
    expect(empty.json()).toEqual({
      from: '2020-01',
      to: '2020-02',
      services: [],
      totals: {
        invoices: 0,
        salesCents: 0,
        refundsCents: 0,
        revenueCents: 0,
        revenueExVatCents: 0,
      },
    });
  });

  it('is for owners only, over a period that starts before it ends', async () => {
    for (const url of [
      '/api/admin/reports/revenue-by-service',
      '/api/admin/reports/revenue-by-service.csv',
    ]) {
      expect((await get(url, staff.cookie)).statusCode, url).toBe(403);
    }
    const backwards = await get('/api/admin/reports/revenue-by-service?from=2026-05&to=2026-01');
    expect(backwards.statusCode).toBe(400);
  });
});
