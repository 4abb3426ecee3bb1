import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, appMeta, auditLog, orders, servicePackages, tlds } from '#db/schema/index.ts';
import { seedDatabase } from '#db/seed.ts';
import { catalogue } from '#shared/catalogue.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { sessionCookie, signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { catalogueEdits } from './catalogue.service.ts';

let t: TestApp;
let owner: string;
let staff: string;
let customer: string;

const send = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const shipped = (id: string) =>
  catalogue.flatMap((s) => [...s.packages, ...s.addOns]).find((item) => item.id === id)!;

const packageEdit = (id: string, changes: object = {}) => {
  const pkg = catalogue.flatMap((s) => s.packages).find((p) => p.id === id)!;
  return {
    price: pkg.priceCents / 100,
    delivery: pkg.delivery,
    deliveryDays: pkg.deliveryDays,
    bestFor: pkg.bestFor ?? '',
    features: pkg.features,
    active: true,
    ...changes,
  };
};

/** /api/services' price of a package, in rand. */
async function listedPrice(id: string): Promise<number | undefined> {
  const services = (await t.app.inject({ url: '/api/services' })).json() as {
    packages: { id: string; price: number }[];
  }[];
  return services.flatMap((s) => s.packages).find((p) => p.id === id)?.price;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie: owner } = await signInAdmin(t.app));
  // A staff administrator: made an owner by default, turned to staff, then signed in afresh.
  const other = await signInAdmin(t.app);
  await t.app.database.db
    .update(admins)
    .set({ role: 'staff' })
    .where(eq(admins.id, other.admin.id));
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: other.email, password: other.password },
  });
  staff = sessionCookie(login, 'admin_sid');
  ({ cookie: customer } = await signUp(t.app, { fullName: 'Thandi Nkosi' }));
});
afterAll(() => t.close());

describe('catalogue editing (owners)', () => {
  it('shows every service with its packages, add-ons and the TLD table', async () => {
    const response = await send('GET', '/api/admin/catalogue', owner);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.services.map((s: { slug: string }) => s.slug)).toEqual(
      catalogue.map((s) => s.slug),
    );
    expect(body.services[0].packages[0]).toMatchObject({
      id: 'registration-name-reservation',
      price: 249,
      active: true,
    });
    expect(body.tlds.find((row: { tld: string }) => row.tld === 'co.za')).toMatchObject({
      currency: 'ZAR',
      registrationCost: 95,
      registration: 114,
      enabled: true,
    });
  });

  it('saves a package price: the API sells at it at once, and the change is audited', async () => {
    const saved = await send(
      'PUT',
      '/api/admin/catalogue/packages/plan-essential',
      owner,
      packageEdit('plan-essential', {
        price: 3799.5,
        delivery: '6 business days',
        deliveryDays: 6,
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ id: 'plan-essential', saved: true });
    await expect.poll(() => listedPrice('plan-essential')).toBe(3799.5);

    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer },
      payload: { items: [{ type: 'package', packageId: 'plan-essential', price: 3499 }] },
    });
    expect(order.json()).toMatchObject({ total: 3799.5 });

    const [audit] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'catalogue.package_updated'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      entityType: 'service_package',
      entityId: 'plan-essential',
      details: {
        priceCents: [349_900, 379_950],
        delivery: ['5 business days', '6 business days'],
        deliveryDays: [5, 6],
      },
    });
  });

  it('keeps an order at the price it was placed at after the price changes', async () => {
    const placed = (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: customer },
        payload: { items: [{ type: 'package', packageId: 'website-starter' }] },
      })
    ).json() as { reference: string; total: number };
    const before = shipped('website-starter').priceCents / 100;
    expect(placed.total).toBe(before);

    const raised = await send(
      'PUT',
      '/api/admin/catalogue/packages/website-starter',
      owner,
      packageEdit('website-starter', { price: before + 1000 }),
    );
    expect(raised.statusCode).toBe(200);
    await expect.poll(() => listedPrice('website-starter')).toBe(before + 1000);

    const [stored] = await t.app.database.db
      .select()
      .from(orders)
      .where(eq(orders.reference, placed.reference));
    expect(stored!.totalCents).toBe(before * 100);
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed.reference}/payfast`,
      headers: { cookie: customer },
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().fields.amount).toBe(before.toFixed(2));
  });

  it('takes a package, an add-on and a whole service off sale and back', async () => {
    const off = await send(
      'PUT',
      '/api/admin/catalogue/packages/website-online-shop',
      owner,
      packageEdit('website-online-shop', { active: false }),
    );
    expect(off.statusCode).toBe(200);
    await expect.poll(() => listedPrice('website-online-shop')).toBeUndefined();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer },
      payload: { items: [{ type: 'package', packageId: 'website-online-shop' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('is not for sale');

    const addOn = await send('PUT', '/api/admin/catalogue/add-ons/website-extra-page', owner, {
      price: 600,
      active: false,
    });
    expect(addOn.statusCode).toBe(200);
    const service = await send('PUT', '/api/admin/catalogue/services/mobile-app', owner, {
      active: false,
    });
    expect(service.statusCode).toBe(200);
    await expect
      .poll(async () =>
        ((await t.app.inject({ url: '/api/services' })).json() as { slug: string }[]).map(
          (s) => s.slug,
        ),
      )
      .not.toContain('mobile-app');

    expect(await catalogueEdits(t.app.database.db)).toMatchObject({
      services: { 'mobile-app': { active: false } },
      items: {
        'website-online-shop': { active: false },
        'website-extra-page': { priceCents: 60_000, active: false },
      },
    });

    await send('PUT', '/api/admin/catalogue/services/mobile-app', owner, { active: true });
    await send(
      'PUT',
      '/api/admin/catalogue/packages/website-online-shop',
      owner,
      packageEdit('website-online-shop'),
    );
    await send('PUT', '/api/admin/catalogue/add-ons/website-extra-page', owner, {
      price: shipped('website-extra-page').priceCents / 100,
      active: true,
    });
    const edits = await catalogueEdits(t.app.database.db);
    expect(edits?.services ?? {}).toEqual({});
    expect(Object.keys(edits?.items ?? {})).not.toContain('website-online-shop');
  });

  it('refuses bad input with a message naming the field', async () => {
    for (const [changes, message] of [
      [{ price: 0 }, 'The price must be at least R\u00a01,00'],
      [{ price: 12.345 }, 'Enter the price in rand with at most two decimals'],
      [{ price: 'lots' }, 'Enter the price in rand'],
      [{ deliveryDays: 2.5 }, 'Enter whole business days'],
      [{ delivery: ' ' }, 'Enter how the delivery time reads'],
      [{ features: ['', ' '] }, 'List at least one feature'],
    ] as const) {
      const response = await send(
        'PUT',
        '/api/admin/catalogue/packages/plan-essential',
        owner,
        packageEdit('plan-essential', changes),
      );
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error, message).toContain(message);
    }
    const missing = await send(
      'PUT',
      '/api/admin/catalogue/packages/no-such-package',
      owner,
      packageEdit('plan-essential'),
    );
    expect(missing.statusCode).toBe(404);
  });

  it('keeps an owner’s edits when the seed runs again (a restart with a new seed version)', async () => {
    await send(
      'PUT',
      '/api/admin/catalogue/packages/finance-bookkeeping',
      owner,
      packageEdit('finance-bookkeeping', { price: 1234, active: false }),
    );
    await t.app.database.db.delete(appMeta).where(eq(appMeta.key, 'seed_version'));
    await seedDatabase(t.app.database.db);
    const [row] = await t.app.database.db
      .select()
      .from(servicePackages)
      .where(eq(servicePackages.id, 'finance-bookkeeping'));
    expect(row).toMatchObject({ priceCents: 123_400, active: false });
    expect(row!.name).toBe(shipped('finance-bookkeeping').name);
  });

  it('lets the owner decide who may pause a monthly package (decision 029), audited and kept by the seed', async () => {
    const pausable = async (id: string) =>
      (
        await t.app.database.db
          .select({ pausable: servicePackages.pausable })
          .from(servicePackages)
          .where(eq(servicePackages.id, id))
      )[0]!.pausable;
    // Shipped: bookkeeping may pause, mailboxes may not; a save without the flag keeps it.
    expect(await pausable('finance-bookkeeping-vat')).toBe(true);
    expect(await pausable('email-team')).toBe(false);
    await send('PUT', '/api/admin/catalogue/packages/email-team', owner, packageEdit('email-team'));
    expect(await pausable('email-team')).toBe(false);
    const saved = await send(
      'PUT',
      '/api/admin/catalogue/packages/email-team',
      owner,
      packageEdit('email-team', { pausable: true }),
    );
    expect(saved.statusCode).toBe(200);
    const [entry] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'email-team'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.details).toEqual({ pausable: [false, true] });
    await t.app.database.db.delete(appMeta).where(eq(appMeta.key, 'seed_version'));
    await seedDatabase(t.app.database.db);
    expect(await pausable('email-team')).toBe(true);
    const listed = (await send('GET', '/api/admin/catalogue', owner)).json<{
      services: { packages: { id: string; pausable: boolean }[] }[];
    }>();
    expect(
      listed.services.flatMap((s) => s.packages).find((p) => p.id === 'email-team')!.pausable,
    ).toBe(true);
    await send(
      'PUT',
      '/api/admin/catalogue/packages/email-team',
      owner,
      packageEdit('email-team', { pausable: false }),
    );
  });

  it('corrects a feature list shipped with wrong wording, unless the owner edited it', async () => {
    const db = t.app.database.db;
    const features = async (id: string) =>
      (await db.select().from(servicePackages).where(eq(servicePackages.id, id)))[0]!.features;
    const edited = ['Everything in 5 mailboxes', 'Our own words'];
    await db
      .update(servicePackages)
      .set({
        features: ['Everything in 5 mailboxes', '50 GB of storage per mailbox', 'Priority support'],
      })
      .where(eq(servicePackages.id, 'email-business'));
    await db
      .update(servicePackages)
      .set({ features: edited })
      .where(eq(servicePackages.id, 'email-team'));
    await db.delete(appMeta).where(eq(appMeta.key, 'seed_version'));
    await seedDatabase(db);
    expect(await features('email-business')).toEqual(packageEdit('email-business').features);
    expect(await features('email-business')).not.toContain('Everything in 5 mailboxes');
    expect(await features('email-team')).toEqual(edited);
  });
});

describe('the TLD price table', () => {
  it('saves costs and switches: the price list follows, and the change is audited', async () => {
    const response = await send('PUT', '/api/admin/catalogue/tlds/africa', owner, {
      currency: 'ZAR',
      registrationCost: 300,
      renewalCost: 280,
      transferCost: 250,
      enabled: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      tld: 'africa',
      registrationCost: 300,
      registration: 360,
      renewal: 336,
      transfer: 300,
    });
    await expect
      .poll(async () =>
        ((await t.app.inject({ url: '/api/domain/prices' })).json() as { tld: string }[]).find(
          (row) => row.tld === 'africa',
        ),
      )
      .toMatchObject({ registration: 360, renewal: 336, transfer: 300 });
    const [audit] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tld.prices_updated'), eq(auditLog.entityId, 'africa')));
    expect(audit!.details).toMatchObject({ registrationCostCents: [25_000, 30_000] });
  });

  it('refuses a cost whose sale would lose money after VAT and the card fee', async () => {
    // R5.00 a year sells for R6.00; PayFast keeps 3.2% + R2.00 plus VAT (R2.52): a loss.
    const response = await send('PUT', '/api/admin/catalogue/tlds/co.za', owner, {
      currency: 'ZAR',
      registrationCost: 5,
      renewalCost: 95,
      transferCost: 95,
      enabled: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(
      /A registration of \.co\.za at a cost of R\s5,00 would sell for R\s6,00 and lose R\s1,52 after PayFast's card fee/,
    );
    const [row] = await t.app.database.db.select().from(tlds).where(eq(tlds.tld, 'co.za'));
    expect(row!.registrationCostCents).toBe(9_500);
  });
});

describe('who may edit', () => {
  it('answers 403 to staff and 401 to a customer or nobody, and changes nothing', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/catalogue', undefined],
      [
        'PUT',
        '/api/admin/catalogue/packages/plan-essential',
        packageEdit('plan-essential', { price: 1 }),
      ],
      ['PUT', '/api/admin/catalogue/add-ons/website-extra-page', { price: 1, active: true }],
      ['PUT', '/api/admin/catalogue/services/mobile-app', { active: false }],
      [
        'PUT',
        '/api/admin/catalogue/tlds/com',
        { currency: 'USD', registrationCost: 1, renewalCost: 1, transferCost: 1, enabled: true },
      ],
    ] as const) {
      expect((await send(method, url, staff, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await send(method, url, customer, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(method, url, '', payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await listedPrice('plan-essential')).toBe(3799.5);
  });
});
