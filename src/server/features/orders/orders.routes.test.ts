import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainOrders, orderEvents, orders } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());

const order = (items: unknown[], who = cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { items },
    headers: { cookie: who },
  });

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

describe('POST /api/orders', () => {
  it('prices every line on the server, ignoring the browser price; no VAT stored for a supplier not registered', async () => {
    const response = await order([
      {
        type: 'package',
        packageId: 'website-business',
        addOnIds: ['website-extra-page'],
        quantity: 2,
        price: 1,
        title: 'cheap',
      },
      { type: 'domain', domain: 'Mthembu-Studio.co.za', years: 2, registrant, price: 0.01 },
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      reference: expect.stringMatching(/^SO-[A-Z2-9]{6}$/),
      status: 'pending_payment',
    });
    expect(body.items).toEqual([
      {
        type: 'package',
        title: 'Ready-made website: Business + Extra page',
        quantity: 2,
        unitPrice: 5449,
        total: 10898,
        monthly: null,
      },
      {
        type: 'domain',
        title: 'Domain mthembu-studio.co.za, 2 years',
        quantity: 1,
        unitPrice: 228,
        total: 228,
        monthly: null,
      },
    ]);
    // This supplier is not registered for VAT (no SUPPLIER_VAT_NUMBER): it stores and shows none.
    expect(body).toMatchObject({ total: 11126, vat: 0, subtotal: 11126 });
    const [stored] = await t.app.database.db
      .select()
      .from(orders)
      .where(eq(orders.reference, body.reference));
    const events = await t.app.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, stored!.id));
    expect(events.map((e) => e.toStatus)).toEqual(['pending_payment']);
    const [domain] = await t.app.database.db
      .select()
      .from(domainOrders)
      .where(eq(domainOrders.domain, 'mthembu-studio.co.za'));
    expect(domain).toMatchObject({
      status: 'pending_payment',
      years: 2,
      priceCents: 22_800,
      registrarCostCents: 19_000,
    });
  });

  it('refuses unknown, quote-only and unavailable items with a clear error and stores nothing', async () => {
    const before = (await t.app.database.db.select().from(orders)).length;
    const cases: [unknown[], string][] = [
      [
        [{ type: 'package', packageId: 'website-platinum' }],
        'The package "website-platinum" is not for sale',
      ],
      [
        [{ type: 'package', packageId: 'app-starter' }],
        'Mobile app: Starter app is priced by quote; request a quote instead',
      ],
      [
        [{ type: 'package', packageId: 'website-business', addOnIds: ['plan-pitch-deck'] }],
        'The add-on "plan-pitch-deck" is not available for Ready-made website',
      ],
      [
        [{ type: 'package', packageId: 'registration-basic-company' }],
        'Business registration needs the company details: order it from its form',
      ],
      [
        [
          { type: 'package', packageId: 'website-starter' },
          { type: 'domain', domain: 'google.co.za', years: 1, registrant },
        ],
        'google.co.za is no longer available',
      ],
    ];
    for (const [items, error] of cases) {
      const response = await order(items);
      expect(response.statusCode, error).toBe(400);
      expect(response.json().error).toBe(error);
    }
    const tooMany = await order([{ type: 'package', packageId: 'website-starter', quantity: 50 }]);
    expect(tooMany.statusCode).toBe(400);
    expect((await order([])).json().error).toContain('The cart is empty');
    expect((await t.app.database.db.select().from(orders)).length).toBe(before);
  });

  it('needs a signed-in customer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { items: [] },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/orders', () => {
  it('lists and shows only the caller’s own orders; an administrator sees any', async () => {
    const created = (await order([{ type: 'package', packageId: 'plan-essential' }])).json();
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie } });
    expect(mine.json().map((o: { reference: string }) => o.reference)).toContain(created.reference);
    const stranger = await signUp(t.app);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${created.reference}`,
      headers: { cookie: stranger.cookie },
    });
    expect(hidden.statusCode).toBe(404);
    const admin = await signInAdmin(t.app);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${created.reference}`,
      headers: { cookie: admin.cookie },
    });
    expect(seen.json()).toMatchObject({ reference: created.reference, total: 3499 });
  });
});
