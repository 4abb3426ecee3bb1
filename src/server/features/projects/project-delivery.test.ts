import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectStages, type Project } from '#shared/projects.schemas.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
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
afterEach(() => {
  vi.useRealTimers();
});

const registrant = {
  type: 'individual',
  fullName: 'Thandi Nkosi',
  email: 'thandi@example.co.za',
  phone: '082 555 0199',
  address1: '12 Jan Smuts Avenue',
  city: 'Johannesburg',
  province: 'Gauteng',
  postalCode: '2196',
};

/** The customer pays `items` by card on the simulator; answers their newest project. */
async function projectAfterPaying(items: object[]): Promise<Project> {
  const { cookie } = await signUp(shop.t.app, { fullName: 'Thandi Nkosi' });
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    shop.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const order = await call('POST', '/api/orders', { items });
  expect(order.statusCode).toBe(201);
  const form = await call('POST', `/api/orders/${order.json().reference}/payfast`);
  expect(form.statusCode).toBe(200);
  await payOnSimulator(shop.t.app, shop.base, form.json());
  const [summary] = (await call('GET', '/api/projects')).json<{ reference: string }[]>();
  const project = await call('GET', `/api/projects/${summary!.reference}`);
  expect(project.statusCode).toBe(200);
  return project.json<Project>();
}

describe('a project opened by a paid website package', () => {
  it('is due within the package’s business days, holidays skipped, with the domain of its order', async () => {
    // Paid on Thursday 10 December 2026: "Live in 5 business days" skips the weekend and the Day
    // of Reconciliation (Wednesday 16 December), so the site is due live on Friday 18 December.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-10T10:00:00+02:00') });
    const domain = `nkosi-${randomUUID().slice(0, 8)}.co.za`;
    const project = await projectAfterPaying([
      { type: 'package', packageId: 'website-starter' },
      { type: 'domain', domain, years: 1, registrant },
    ]);
    expect(project.title).toContain('Starter');
    expect(project.dueDates).toEqual({
      brief: '2026-12-11',
      design: '2026-12-14',
      build: '2026-12-17',
      review: '2026-12-17',
      launch: '2026-12-18',
      live: '2026-12-18',
    });
    expect(project.content.domain).toBe(domain);
    expect(project.contentDone).toBe(1);
  });

  it('without a domain in the order, leaves it for the customer; counts across the year end', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-22T16:30:00+02:00') });
    const project = await projectAfterPaying([{ type: 'package', packageId: 'website-business' }]);
    expect(project.content.domain).toBe('');
    // "Live in 7 business days" from Tuesday 22 December: Christmas, the weekend (the Day of
    // Goodwill is a Saturday) and New Year's Day skipped.
    expect(project.dueDates.live).toBe('2027-01-04');
    const dates = projectStages.map((stage) => project.dueDates[stage]!);
    expect([...dates].sort()).toEqual(dates);
  });
});
