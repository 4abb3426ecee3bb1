import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments } from '#db/schema/index.ts';
import type { Coupon, CouponInput, CouponList } from '#shared/coupons.schemas.ts';
import { saToday } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { expireBankTransfer } from '../payments/bank-transfer-expiry.service.ts';

/** Coupons in the back office, and every rule a code must pass at checkout, with its words. */

let t: TestApp;
let owner: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await signInAdmin(t.app)).cookie;
  staff = (await signInAdmin(t.app, { role: 'staff' })).cookie;
});
afterAll(() => t.close());

const day = (offset: number) => saToday(new Date(Date.now() + offset * 86_400_000));
const website = [{ type: 'package', packageId: 'website-starter' }];
const plan = [{ type: 'package', packageId: 'plan-essential' }];
let codes = 0;
const newCode = (prefix = 'SAVE') => `${prefix}${(codes += 1)}`;

async function createCoupon(values: Partial<CouponInput> = {}): Promise<Coupon> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: { cookie: owner },
    payload: { code: newCode(), kind: 'percent', value: 10, ...values },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Coupon>();
}

const check = (cookie: string, code: string, items: unknown[] = website) =>
  t.app.inject({
    method: 'POST',
    url: '/api/coupons/check',
    headers: { cookie },
    payload: { code, items },
  });

const place = (cookie: string, coupon?: string, items: unknown[] = website, cartId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { items, ...(coupon ? { coupon } : {}), ...(cartId ? { cartId } : {}) },
  });

async function refusal(response: Awaited<ReturnType<typeof check>>, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ error: string }>().error;
}

async function listed(code: string): Promise<Coupon> {
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/admin/coupons',
    headers: { cookie: staff },
  });
  return list.json<CouponList>().coupons.find((c) => c.code === code)!;
}

/** Pays an order in full from account credit the owner gives the customer first. */
async function payFromCredit(cookie: string, email: string, reference: string, total: number) {
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/credit',
    headers: { cookie: owner },
    payload: { email, amount: total, reason: 'Credit for the test order' },
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${reference}/credit`,
    headers: { cookie },
    payload: { amount: total },
  });
  expect(paid.json()).toMatchObject({ orderStatus: 'paid', due: 0 });
}

describe('the back office', () => {
  it('lets owners create, change and end coupons, audited; staff see them with their uses', async () => {
    const created = await createCoupon({
      code: 'Spring-Web',
      description: 'Spring special',
      value: 15,
      services: ['buy-website'],
      endings: ['.CO.ZA'],
      totalLimit: 5,
      floorPercent: 50,
    });
    expect(created).toMatchObject({
      code: 'SPRING-WEB',
      endings: ['co.za'],
      status: 'active',
      summary: '15% off Ready-made website and .co.za domains',
      uses: 0,
      remaining: 5,
      createdBy: expect.stringContaining('@example.co.za'),
    });
    // Codes are one whatever their case.
    const twin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: { cookie: owner },
      payload: { code: 'spring-web', kind: 'amount', value: 50 },
    });
    expect(await refusal(twin, 409)).toBe(
      'There is already a coupon SPRING-WEB: choose another code',
    );

    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${created.id}`,
      headers: { cookie: owner },
      payload: { code: 'SPRING-WEB', kind: 'amount', value: 250.5, startsOn: day(2) },
    });
    expect(changed.json()).toMatchObject({
      kind: 'amount',
      value: 250.5,
      summary: `${formatZAR(25_050)} off everything`,
      status: 'scheduled',
    });

    // Staff read the list (with what a coupon can be limited to) but change nothing.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/coupons',
      headers: { cookie: staff },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<CouponList>().services).toContainEqual({
      slug: 'buy-website',
      name: 'Ready-made website',
    });
    expect(list.json<CouponList>().endings).toContain('co.za');
    for (const [method, url] of [
      ['POST', '/api/admin/coupons'],
      ['PUT', `/api/admin/coupons/${created.id}`],
      ['POST', `/api/admin/coupons/${created.id}/end`],
    ] as const) {
      const refused = await t.app.inject({
        method,
        url,
        headers: { cookie: staff },
        payload: { code: 'STAFF1', kind: 'percent', value: 5 },
      });
      expect(refused.statusCode, url).toBe(403);
    }

    const ended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/coupons/${created.id}/end`,
      headers: { cookie: owner },
    });
    expect(ended.json()).toMatchObject({ status: 'ended', endedAt: expect.any(String) });
    const actions = await t.app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, 'SPRING-WEB'));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'coupon.created',
      'coupon.ended',
      'coupon.updated',
    ]);
  });

  it('explains what a coupon form gets wrong', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: { cookie: owner },
      payload: { code: 'a b', kind: 'percent', value: 120, startsOn: day(3), endsOn: day(1) },
    });
    expect(response.statusCode).toBe(400);
    const messages = response
      .json<{ issues: { message: string }[] }>()
      .issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'A coupon code is letters, digits, - and _ only',
        'A percentage is a whole number from 1 to 100',
        'The last day is on or after the first day',
      ]),
    );
  });
});

describe('at checkout', () => {
  it('checks a code in any case and prices the cart with it; the order carries the discount line', async () => {
    const coupon = await createCoupon({ value: 10 });
    const { cookie } = await signUp(t.app);
    const quote = await check(cookie, coupon.code.toLowerCase());
    expect(quote.json()).toEqual({
      code: coupon.code,
      title: `Coupon ${coupon.code}: 10% off`,
      discount: 249.9,
      subtotal: 2499,
      total: 2249.1,
    });
    const order = await place(cookie, coupon.code.toLowerCase());
    expect(order.statusCode).toBe(201);
    expect(order.json()).toMatchObject({
      total: 2249.1,
      items: [
        { type: 'package', total: 2499 },
        { type: 'coupon', title: `Coupon ${coupon.code}: 10% off`, total: -249.9 },
      ],
    });
    // The card payment asks PayFast for the discounted total.
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.json().reference}/payfast`,
      headers: { cookie },
    });
    expect(started.json().fields.amount).toBe('2249.10');
    expect(await listed(coupon.code)).toMatchObject({ uses: 1, remaining: null });
  });

  it('refuses an unknown, ended, early or expired code in words the customer can act on', async () => {
    const { cookie } = await signUp(t.app);
    expect(await refusal(await check(cookie, 'NOSUCH'), 400)).toBe(
      'There is no coupon NOSUCH: check the code',
    );
    const ended = await createCoupon();
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/coupons/${ended.id}/end`,
      headers: { cookie: owner },
    });
    expect(await refusal(await check(cookie, ended.code), 400)).toBe(
      `Coupon ${ended.code} has ended`,
    );
    const early = await createCoupon({ startsOn: '2099-01-01' });
    expect(await refusal(await check(cookie, early.code), 400)).toBe(
      `Coupon ${early.code} is not valid yet: it can be used from 1 January 2099`,
    );
    const late = await createCoupon({ startsOn: '2020-01-01', endsOn: '2020-12-31' });
    expect(await refusal(await check(cookie, late.code), 400)).toBe(
      `Coupon ${late.code} has expired: it could be used until 31 December 2020`,
    );
    // Its first and last days both count.
    const today = await createCoupon({ startsOn: day(0), endsOn: day(0) });
    expect((await check(cookie, today.code)).statusCode).toBe(200);
    // The order itself is refused the same way, and nothing of it is kept.
    expect(await refusal(await place(cookie, late.code), 400)).toBe(
      `Coupon ${late.code} has expired: it could be used until 31 December 2020`,
    );
  });

  it('is only for the services and endings chosen', async () => {
    const { cookie } = await signUp(t.app);
    const coupon = await createCoupon({ services: ['buy-website'], endings: ['com'] });
    expect(await refusal(await check(cookie, coupon.code, plan), 400)).toBe(
      `Coupon ${coupon.code} is not for the items in your cart: it is for Ready-made website and .com domains`,
    );
    // With a website in the cart it takes 10% off the website only.
    const mixed = await check(cookie, coupon.code, [...plan, ...website]);
    expect(mixed.json()).toMatchObject({ discount: 249.9, subtotal: 5998 });
  });

  it('never takes a line below the owner’s floor', async () => {
    const { cookie } = await signUp(t.app);
    const floored = await createCoupon({ value: 100, floorPercent: 60 });
    expect((await check(cookie, floored.code)).json()).toMatchObject({
      discount: 999.6,
      total: 1499.4,
    });
    const amount = await createCoupon({ kind: 'amount', value: 5000, floorPercent: 90 });
    expect((await check(cookie, amount.code, [...website, ...plan])).json()).toMatchObject({
      discount: 599.8,
    });
    const nothing = await createCoupon({ value: 50, floorPercent: 100 });
    expect(await refusal(await check(cookie, nothing.code), 400)).toBe(
      `Coupon ${nothing.code} takes nothing off these items: they are already at the lowest price we can sell them for`,
    );
  });

  it('keeps to its limit per customer, but another try of the same cart is not another use', async () => {
    const { cookie } = await signUp(t.app);
    const coupon = await createCoupon({ perCustomerLimit: 1 });
    const cartId = randomUUID();
    expect((await place(cookie, coupon.code, website, cartId)).statusCode).toBe(201);
    // Back from PayFast, the same cart is tried again with the coupon: allowed.
    expect((await place(cookie, coupon.code, website, cartId)).statusCode).toBe(201);
    expect(await refusal(await place(cookie, coupon.code, plan), 409)).toBe(
      `You have already used coupon ${coupon.code}`,
    );
    const twice = await createCoupon({ perCustomerLimit: 2 });
    await place(cookie, twice.code);
    await place(cookie, twice.code);
    expect(await refusal(await check(cookie, twice.code), 409)).toBe(
      `You have already used coupon ${twice.code} 2 times, as often as it allows`,
    );
  });

  it('is for a first order only when the owner says so, and then once', async () => {
    const coupon = await createCoupon({ firstOrderOnly: true });
    const newcomer = await signUp(t.app);
    const order = await place(newcomer.cookie, coupon.code);
    expect(order.statusCode).toBe(201);
    expect(await refusal(await check(newcomer.cookie, coupon.code, plan), 409)).toBe(
      `You have already used coupon ${coupon.code}`,
    );
    // A customer who has paid an order before is no newcomer.
    const regular = await signUp(t.app);
    const earlier = (await place(regular.cookie, undefined, plan)).json();
    await payFromCredit(regular.cookie, regular.email, earlier.reference, earlier.total);
    expect(await refusal(await check(regular.cookie, coupon.code), 400)).toBe(
      `Coupon ${coupon.code} is for a first order only, and you have ordered from us before`,
    );
  });

  it('gives its use back when an unpaid order is cancelled or its bank transfer expires', async () => {
    const coupon = await createCoupon({ totalLimit: 1 });
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const order = (await place(first.cookie, coupon.code)).json();
    expect(await refusal(await place(second.cookie, coupon.code), 409)).toBe(
      `Coupon ${coupon.code} has been used up`,
    );
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.reference}`,
      headers: { cookie: owner },
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await listed(coupon.code)).toMatchObject({ uses: 0, remaining: 1 });

    // The second customer uses it, pays by bank transfer, and never pays.
    const waiting = (await place(second.cookie, coupon.code)).json();
    const transfer = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${waiting.reference}/eft`,
      headers: { cookie: second.cookie },
    });
    expect(transfer.statusCode).toBe(200);
    expect((await listed(coupon.code)).status).toBe('used_up');
    const [expected] = await t.app.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.method, 'eft'), eq(payments.status, 'pending')));
    const after = new Date(expected!.expiresAt!.getTime() + 1000);
    expect(
      await expireBankTransfer({ db: t.app.database.db, config: t.config }, expected!.id, after),
    ).toBe(true);
    expect(await listed(coupon.code)).toMatchObject({ uses: 0, remaining: 1, status: 'active' });
  });
});
