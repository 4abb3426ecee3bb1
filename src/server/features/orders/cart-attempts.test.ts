import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, payments } from '#db/schema/index.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import {
  startListeningShop,
  type ListeningShop,
} from '../../../../tests/helpers/listening-shop.ts';
import { payOnSimulator } from '../../../../tests/helpers/simulator.ts';

let shop: ListeningShop;
beforeAll(async () => {
  shop = await startListeningShop();
});
afterAll(() => shop.close());

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

type PayfastForm = { action: string; reference: string; fields: Record<string, string> };

/** A new customer with an address (a tax invoice over R 5 000,00 shows it). */
async function customer() {
  const { cookie } = await signUp(shop.t.app);
  const saved = await shop.t.app.inject({
    method: 'PATCH',
    url: '/api/user/profile',
    headers: { cookie },
    payload: { fullName: 'Lindiwe Mthembu', address: '5 Long Street, Cape Town, 8001' },
  });
  expect(saved.statusCode).toBe(200);
  return { cookie };
}

/** A customer with a cart of a website and a domain name, trying to pay it. */
async function customerWithCart() {
  const { cookie } = await customer();
  const domain = `tries-${randomUUID().slice(0, 8)}.co.za`;
  const items = [
    { type: 'package', packageId: 'website-business' },
    { type: 'domain', domain, years: 1, registrant },
  ];
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    shop.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    domain,
    call,
    /** One try: the order the checkout stores, and the PayFast form it gets. */
    async tryToPay(cartId: string | undefined) {
      const order = await call('POST', '/api/orders', { items, cartId });
      expect(order.statusCode).toBe(201);
      const reference = order.json<{ reference: string }>().reference;
      const form = await call('POST', `/api/orders/${reference}/payfast`);
      expect(form.statusCode).toBe(200);
      return { reference, form: form.json<PayfastForm>() };
    },
    async orders() {
      return (await call('GET', '/api/orders')).json<{ reference: string; status: string }[]>();
    },
    async domainsListed() {
      const listed = (await call('GET', '/api/user/domains')).json<{ domain: string }[]>();
      return listed.filter((row) => row.domain === domain).length;
    },
  };
}

/** An order's status; a paid one whose domain is being registered counts as paid. */
const statusOf = (list: { reference: string; status: string }[], reference: string) => {
  const status = list.find((order) => order.reference === reference)?.status;
  return status === 'in_progress' ? 'paid' : status;
};

describe('tries to pay one cart', () => {
  it('a paid try closes the earlier unpaid one: no second payable order, the name listed once', async () => {
    const customer = await customerWithCart();
    const cartId = randomUUID();
    // PayFast left with Back: the cart stays, and the second try is an order of its own.
    const first = await customer.tryToPay(cartId);
    const second = await customer.tryToPay(cartId);
    await payOnSimulator(shop.t.app, shop.base, second.form);

    const listed = await customer.orders();
    expect(statusOf(listed, second.reference)).toBe('paid');
    expect(statusOf(listed, first.reference)).toBe('cancelled');
    expect(listed.filter((order) => order.status === 'pending_payment')).toEqual([]);
    expect(await customer.domainsListed()).toBe(1);
    const [closed] = await shop.t.app.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.reference, first.reference));
    const events = await shop.t.app.database.db
      .select({ note: orderEvents.note })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, closed!.id));
    expect(events.at(-1)?.note).toBe(`Replaced by order ${second.reference}, paid`);

    // The first tab's PayFast page paid after all: credit, not a second purchase.
    await payOnSimulator(shop.t.app, shop.base, first.form);
    const after = await customer.orders();
    expect(statusOf(after, first.reference)).toBe('cancelled');
    const [late] = await shop.t.app.database.db
      .select({ status: payments.status, overpayment: payments.overpayment })
      .from(payments)
      .where(eq(payments.reference, first.form.reference));
    expect(late).toEqual({ status: 'paid', overpayment: true });
    const credit = (await customer.call('GET', '/api/account/credit')).json<{ balance: number }>();
    expect(credit.balance).toBeGreaterThan(0);
  });

  it('two tabs paying two tries at once make one purchase; the other money is credit', async () => {
    const customer = await customerWithCart();
    const cartId = randomUUID();
    const tabs = [await customer.tryToPay(cartId), await customer.tryToPay(cartId)];
    await Promise.all(tabs.map((tab) => payOnSimulator(shop.t.app, shop.base, tab.form)));

    const listed = await customer.orders();
    const statuses = tabs.map((tab) => statusOf(listed, tab.reference)).sort();
    expect(statuses).toEqual(['cancelled', 'paid']);
    const charged = await shop.t.app.database.db
      .select({ status: payments.status, overpayment: payments.overpayment })
      .from(payments)
      .where(
        inArray(
          payments.reference,
          tabs.map((tab) => tab.form.reference),
        ),
      );
    expect(charged.map((p) => `${p.status}:${p.overpayment}`).sort()).toEqual([
      'paid:false',
      'paid:true',
    ]);
    expect(await customer.domainsListed()).toBe(1);
    // Settling again (an ITN delivered twice) changes nothing.
    await shop.t.app.jobs.drain();
    const again = await customer.orders();
    expect(tabs.map((tab) => statusOf(again, tab.reference)).sort()).toEqual(statuses);
  });

  it('credit on one tab and a card on the other pay one try; the card money is credit', async () => {
    const customer = await customerWithCart();
    const owner = await signInAdmin(shop.t.app);
    const me = (await customer.call('GET', '/api/user')).json<{ email: string }>();
    const gift = await shop.t.app.inject({
      method: 'POST',
      url: '/api/admin/credit',
      headers: { cookie: owner.cookie },
      payload: { email: me.email, amount: 20_000, reason: 'Goodwill for the test' },
    });
    expect(gift.statusCode, gift.body).toBe(200);
    const cartId = randomUUID();
    const [byCard, byCredit] = [await customer.tryToPay(cartId), await customer.tryToPay(cartId)];
    const [, fromCredit] = await Promise.all([
      payOnSimulator(shop.t.app, shop.base, byCard.form),
      customer.call('POST', `/api/orders/${byCredit.reference}/credit`, { amount: 20_000 }),
    ]);

    const listed = await customer.orders();
    const statuses = [byCard, byCredit].map((tab) => statusOf(listed, tab.reference)).sort();
    expect(statuses).toEqual(['cancelled', 'paid']);
    // Credit paid first: the card payment arrives for a closed try and is kept as credit.
    // The card paid first: the credit payment is refused, and no credit is spent.
    if (statusOf(listed, byCredit.reference) === 'cancelled') {
      expect(fromCredit.statusCode).toBe(409);
      expect(fromCredit.json().error).toContain('is not awaiting payment');
    } else expect(fromCredit.statusCode).toBe(200);
    expect(await customer.domainsListed()).toBe(1);
  });

  it('orders of different carts stay apart: paying one leaves the other payable', async () => {
    const { cookie } = await customer();
    const place = async (cartId: string) =>
      (
        await shop.t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie },
          payload: { items: [{ type: 'package', packageId: 'website-business' }], cartId },
        })
      ).json<{ reference: string }>().reference;
    const other = await place(randomUUID());
    const paid = await place(randomUUID());
    const form = await shop.t.app.inject({
      method: 'POST',
      url: `/api/orders/${paid}/payfast`,
      headers: { cookie },
    });
    await payOnSimulator(shop.t.app, shop.base, form.json<PayfastForm>());
    const listed = (
      await shop.t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie } })
    ).json<{ reference: string; status: string }[]>();
    expect(statusOf(listed, paid)).toBe('paid');
    expect(statusOf(listed, other)).toBe('pending_payment');
  });
});

describe('a monthly line', () => {
  it('says what it charges each month, on the order and on the payment with the first charge', async () => {
    const { cookie } = await customer();
    const order = await shop.t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie },
      payload: {
        items: [
          { type: 'package', packageId: 'finance-bookkeeping' },
          { type: 'package', packageId: 'website-business' },
        ],
      },
    });
    const placed = order.json<{ reference: string; items: { monthly: number | null }[] }>();
    expect(placed.items.map((item) => item.monthly)).toEqual([1299, null]);
    const form = await shop.t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.reference}/payfast`,
      headers: { cookie },
    });
    const started = form.json<PayfastForm>();
    const payment = await shop.t.app.inject({
      method: 'GET',
      url: `/api/payments/${started.reference}`,
      headers: { cookie },
    });
    expect(payment.json()).toMatchObject({
      amount: 1299 + 4999,
      recurring: { amount: 1299, firstBillingDate: started.fields.billing_date },
      items: [{ monthly: 1299 }, { monthly: null }],
    });
  });
});
