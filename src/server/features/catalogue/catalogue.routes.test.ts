import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicePackages, tlds } from '#db/schema/index.ts';
import { catalogue } from '#shared/catalogue.ts';
import { serviceTypes } from '#shared/service-types.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/services', () => {
  it('serves every seeded service with packages priced in rand from cents, cacheable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/services' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('public');
    const body = response.json() as {
      slug: string;
      type: string;
      packages: { id: string; price: number }[];
    }[];
    expect(body.map((s) => s.slug)).toEqual(catalogue.map((s) => s.slug));
    for (const service of body) expect(serviceTypes).toContain(service.type);
    const website = body.find((s) => s.slug === 'buy-website')!;
    expect(website.packages.find((p) => p.id === 'website-business')).toMatchObject({
      name: 'Business',
      price: 4999,
      pricing: 'fixed',
      deliveryDays: 7,
    });
    const addOn = body.find((s) => s.slug === 'buy-website') as unknown as {
      addOns: { id: string; price: number }[];
    };
    expect(addOn.addOns.find((a) => a.id === 'website-extra-page')!.price).toBe(450);
  });

  it('sends the kept answer brotli- or gzip-compressed as the browser accepts, the same JSON', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/services',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const [plain, br, gzip] = await Promise.all([get(), get('gzip, deflate, br'), get('gzip')]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [plain, br, gzip])
      expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('covers the service types of SPEC §3 that are sold as packages', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/services' })).json() as {
      type: string;
    }[];
    const types = new Set(body.map((s) => s.type));
    for (const type of serviceTypes.filter((x) => x !== 'multiple_services')) {
      expect(types, type).toContain(type);
    }
  });

  it('serves one service, and 404 with a clear error for an unknown one', async () => {
    const one = await t.app.inject({ method: 'GET', url: '/api/services/business-plan' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ slug: 'business-plan', type: 'business_plan' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/services/time-machine' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: 'There is no service called "time-machine"',
      code: 'NOT_FOUND',
    });
    const bad = await t.app.inject({ method: 'GET', url: '/api/services/..%2Fetc' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers from memory, and shows a price change (any process, NOTIFY) on the next read', async () => {
    const price = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/services/buy-website' }))
        .json<{
          packages: { id: string; price: number }[];
        }>()
        .packages.find((p) => p.id === 'website-business')!.price;
    expect(await price()).toBe(4999);
    await t.app.database.db
      .update(servicePackages)
      .set({ priceCents: 519_900 })
      .where(eq(servicePackages.id, 'website-business'));
    await expect.poll(price, { timeout: 5000 }).toBe(5199);
    const list = await t.app.inject({ method: 'GET', url: '/api/services' });
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.stringify(list.json())).toContain('"price":5199');
    await t.app.database.db
      .update(servicePackages)
      .set({ priceCents: 499_900 })
      .where(eq(servicePackages.id, 'website-business'));
    await expect.poll(price, { timeout: 5000 }).toBe(4999);
  });

  it('shows a TLD price change on the next read of /api/domain/prices (the checker forgets its table)', async () => {
    const registration = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/domain/prices' }))
        .json<{ tld: string; registration: number }[]>()
        .find((row) => row.tld === 'co.za')!.registration;
    const before = await registration();
    const [row] = await t.app.database.db.select().from(tlds).where(eq(tlds.tld, 'co.za'));
    await t.app.database.db
      .update(tlds)
      .set({ registrationCostCents: row!.registrationCostCents * 2 })
      .where(eq(tlds.tld, 'co.za'));
    await expect.poll(registration, { timeout: 5000 }).toBeGreaterThan(before);
    await t.app.database.db
      .update(tlds)
      .set({ registrationCostCents: row!.registrationCostCents })
      .where(eq(tlds.tld, 'co.za'));
    await expect.poll(registration, { timeout: 5000 }).toBe(before);
  });
});
