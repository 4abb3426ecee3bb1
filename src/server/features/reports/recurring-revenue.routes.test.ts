import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, subscriptions } from '#db/schema/index.ts';
import { saToday } from '#shared/dates.ts';
import { centsToDecimalString } from '#shared/money.ts';
import type { RecurringRevenue } from '#shared/reports.schemas.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { moneyJourneys } from '../../../../tests/helpers/money-journeys.ts';

/**
 * MRR and churn from subscriptions started by real monthly orders paid on the simulator, their
 * start and cancellation dates then set across the past months, with the clock held still.
 */
let shop: ListeningShop;
let owner: { cookie: string };
let staff: { cookie: string };
let money: ReturnType<typeof moneyJourneys>;

beforeAll(async () => {
  shop = await startListeningShop();
  const customer = await signUp(shop.t.app, { fullName: 'Thandi Nkosi' });
  owner = await signInAdmin(shop.t.app);
  staff = await signInAdmin(shop.t.app, { role: 'staff' });
  money = moneyJourneys(shop.t.app, shop.base, { customer, owner });
});
afterAll(() => shop.close());
afterEach(() => vi.useRealTimers());

const monthBack = (month: string, count: number) => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1 - count, 1)).toISOString().slice(0, 7);
};
/** The `day`th day of a month, at 10:00 in South Africa. */
const on = (month: string, day: number) =>
  new Date(`${month}-${String(day).padStart(2, '0')}T10:00:00+02:00`);

async function subscribe(dates: { createdAt: Date; cancelledAt?: Date }) {
  const order = await money.placeOrder('finance-bookkeeping');
  await money.payByCard(order.reference);
  const [row] = await shop.t.app.database.db
    .select({ subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(eq(orders.reference, order.reference));
  await shop.t.app.database.db
    .update(subscriptions)
    .set({
      createdAt: dates.createdAt,
      ...(dates.cancelledAt ? { status: 'cancelled', cancelledAt: dates.cancelledAt } : {}),
    })
    .where(eq(subscriptions.id, row!.subscription.id));
  return row!.subscription.amountCents;
}

describe('monthly recurring revenue and churn', () => {
  it('gives the MRR at each month end of the last 12 months, new, cancelled and churn', async () => {
    const now = new Date();
    const current = saToday(now).slice(0, 7);
    const kept = await subscribe({ createdAt: on(monthBack(current, 3), 2) });
    const lost = await subscribe({
      createdAt: on(monthBack(current, 2), 2),
      cancelledAt: on(monthBack(current, 1), 3),
    });
    const later = await subscribe({ createdAt: on(monthBack(current, 1), 4) });

    vi.useFakeTimers({ toFake: ['Date'], now });
    const response = await shop.t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/recurring-revenue',
      headers: { cookie: owner.cookie },
    });
    vi.useRealTimers();
    expect(response.statusCode, response.body).toBe(200);
    const { months } = response.json<RecurringRevenue>();
    expect(months).toHaveLength(12);
    expect(months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => monthBack(current, 11 - i)),
    );
    expect(months.slice(-5)).toEqual([
      {
        month: monthBack(current, 4),
        mrrCents: 0,
        active: 0,
        started: 0,
        cancelled: 0,
        churnPercent: null,
      },
      {
        month: monthBack(current, 3),
        mrrCents: kept,
        active: 1,
        started: 1,
        cancelled: 0,
        churnPercent: 0,
      },
      {
        month: monthBack(current, 2),
        mrrCents: kept + lost,
        active: 2,
        started: 1,
        cancelled: 0,
        churnPercent: 0,
      },
      // Two active at the start and one new: one of three cancelled.
      {
        month: monthBack(current, 1),
        mrrCents: kept + later,
        active: 2,
        started: 1,
        cancelled: 1,
        churnPercent: 33.3,
      },
      {
        month: current,
        mrrCents: kept + later,
        active: 2,
        started: 0,
        cancelled: 0,
        churnPercent: 0,
      },
    ]);

    const csv = await shop.t.app.inject({
      method: 'GET',
      url: '/api/admin/reports/recurring-revenue.csv',
      headers: { cookie: owner.cookie },
    });
    const rows = csv.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe('Month,MRR (R),Active,Started,Cancelled,Churn (%)');
    expect(rows).toHaveLength(13);
    expect(rows[11]).toBe(
      `${monthBack(current, 1)},${centsToDecimalString(kept + later)},2,1,1,33.3`,
    );
  });

  it('is for owners only', async () => {
    for (const url of [
      '/api/admin/reports/recurring-revenue',
      '/api/admin/reports/recurring-revenue.csv',
    ]) {
      const response = await shop.t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: staff.cookie },
      });
      expect(response.statusCode, url).toBe(403);
    }
  });
});
