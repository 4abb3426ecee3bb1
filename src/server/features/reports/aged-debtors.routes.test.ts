import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '#db/schema/index.ts';
import { saToday } from '#shared/dates.ts';
import { randToCents } from '#shared/money.ts';
import type { AgedDebtors } from '#shared/reports.schemas.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { moneyJourneys } from '../../../../tests/helpers/money-journeys.ts';

/**
 * Aged debtors from real orders: bank transfers chosen and not (fully) paid are debts, a card
 * payment left unfinished is not, and the clock the test holds still decides each age.
 */
let shop: ListeningShop;
let owner: { cookie: string };
let staff: { cookie: string };
let sipho: { cookie: string; email: string };
let lerato: { cookie: string; email: string };
let money: ReturnType<typeof moneyJourneys>;

beforeAll(async () => {
  shop = await startListeningShop();
  sipho = await signUp(shop.t.app, { fullName: 'Sipho Dlamini' });
  lerato = await signUp(shop.t.app, { fullName: 'Lerato Mokoena' });
  owner = await signInAdmin(shop.t.app);
  staff = await signInAdmin(shop.t.app, { role: 'staff' });
  money = moneyJourneys(shop.t.app, shop.base, { customer: sipho, owner });
});
afterAll(() => shop.close());
afterEach(() => vi.useRealTimers());

const dayMs = 86_400_000;

async function orderedDaysAgo(reference: string, days: number, now: Date) {
  await shop.t.app.database.db
    .update(orders)
    .set({ createdAt: new Date(now.getTime() - days * dayMs) })
    .where(eq(orders.reference, reference));
}

async function eftOrder(cookie: string, packageId = 'website-starter') {
  const order = await money.placeOrder(packageId, cookie);
  await money.chooseBankTransfer(order.reference, cookie);
  return { reference: order.reference, totalCents: randToCents(order.total) };
}

describe('aged debtors', () => {
  it('ages what each customer owes into current, 30, 60 and 90+ days, with totals', async () => {
    const now = new Date();
    const fresh = await eftOrder(sipho.cookie);
    const partPaid = await eftOrder(sipho.cookie, 'website-business');
    await money.recorded({
      orderReference: partPaid.reference,
      amount: 1_000,
      receivedOn: saToday(now),
      bankReference: `DLAMINI ${partPaid.reference}`,
    });
    const old = await eftOrder(lerato.cookie);
    const older = await eftOrder(lerato.cookie);
    // Not debts: a card payment left at PayFast's page, and an order paid in full.
    const abandoned = await money.placeOrder('website-starter');
    await shop.t.app.inject({
      method: 'POST',
      url: `/api/orders/${abandoned.reference}/payfast`,
      headers: { cookie: sipho.cookie },
    });
    const paid = await money.placeOrder('website-starter');
    await money.payByCard(paid.reference);

    // 29 days is still current; 30 is the first day of the 30-day bucket.
    await orderedDaysAgo(fresh.reference, 29, now);
    await orderedDaysAgo(partPaid.reference, 30, now);
    await orderedDaysAgo(old.reference, 60, now);
    await orderedDaysAgo(older.reference, 95, now);

    vi.useFakeTimers({ toFake: ['Date'], now });
    const response = await shop.t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/aged-debtors',
      headers: { cookie: owner.cookie },
    });
    vi.useRealTimers();
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<AgedDebtors>();
    expect(report.asOf).toBe(saToday(now));

    const siphoOwes = partPaid.totalCents - 100_000 + fresh.totalCents;
    const leratoOwes = old.totalCents + older.totalCents;
    const siphoRow = {
      name: 'Sipho Dlamini',
      email: sipho.email,
      debts: [
        expect.objectContaining({
          reference: partPaid.reference,
          ageDays: 30,
          bucket: 'days30',
          dueCents: partPaid.totalCents - 100_000,
        }),
        expect.objectContaining({ reference: fresh.reference, ageDays: 29, bucket: 'current' }),
      ],
      cents: {
        current: fresh.totalCents,
        days30: partPaid.totalCents - 100_000,
        days60: 0,
        days90: 0,
        total: siphoOwes,
      },
    };
    const leratoRow = {
      name: 'Lerato Mokoena',
      email: lerato.email,
      debts: [
        expect.objectContaining({ reference: older.reference, ageDays: 95, bucket: 'days90' }),
        expect.objectContaining({ reference: old.reference, ageDays: 60, bucket: 'days60' }),
      ],
      cents: {
        current: 0,
        days30: 0,
        days60: old.totalCents,
        days90: older.totalCents,
        total: leratoOwes,
      },
    };
    // The customer owing the most comes first.
    expect(report.customers).toEqual(
      siphoOwes >= leratoOwes ? [siphoRow, leratoRow] : [leratoRow, siphoRow],
    );
    expect(report.totals).toEqual({
      current: fresh.totalCents,
      days30: partPaid.totalCents - 100_000,
      days60: old.totalCents,
      days90: older.totalCents,
      total: siphoOwes + leratoOwes,
    });

    const csv = await shop.t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/aged-debtors.csv',
      headers: { cookie: owner.cookie },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csv.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'Customer,E-mail,Current (R),30 days (R),60 days (R),90+ days (R),Total (R)',
    );
    expect(rows).toContain(
      `Lerato Mokoena,${lerato.email},0.00,0.00,${(old.totalCents / 100).toFixed(2)},${(older.totalCents / 100).toFixed(2)},${(leratoOwes / 100).toFixed(2)}`,
    );
    expect(rows.at(-1)).toBe(
      `Total,,${[fresh.totalCents, partPaid.totalCents - 100_000, old.totalCents, older.totalCents, siphoOwes + leratoOwes].map((c) => (c / 100).toFixed(2)).join(',')}`,
    );
  });

  it('is for owners only', async () => {
    for (const url of ['/api/admin/reports/aged-debtors', '/api/admin/reports/aged-debtors.csv']) {
      const response = await shop.t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: staff.cookie },
      });
      expect(response.statusCode, url).toBe(403);
    }
  });
});
