import { eq, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  domainOrders,
  jobs,
  mailOutbox,
  ownerAlerts,
  registrarPrices,
  tlds,
} from '#db/schema/index.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import {
  createDnsimpleTestApp,
  type DnsimpleTestApp,
} from '../../../../tests/helpers/dnsimple-app.ts';
import { jobsNamed, runRetriesNow } from '../../../../tests/helpers/jobs.ts';
import { createDnsimpleRegistrar } from '../../integrations/registrar/dnsimple-registrar.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { DeferJobError } from '../../jobs/runner.ts';
import { checkOwnerAlerts } from '../alerts/alerts.service.ts';
import { createDomainOrder, markDomainOrderPaid } from './domain-orders.service.ts';
import { registerDomainOrder } from './domain-registration.service.ts';

/**
 * Paid domain work against DNSimple as it answers (issue 31 §3), played by the stand-in: a
 * registration answered too late for us is made all the same, a revoked token, a rate limit with
 * its reset time.
 */
const registration = {
  years: 1,
  privacy: false,
  autoRenew: true,
  registrant: {
    type: 'individual' as const,
    fullName: 'Lerato Mokoena',
    email: 'lerato@example.co.za',
    phone: '+27825550123',
    address1: '3 Church Street',
    city: 'Pretoria',
    province: 'Gauteng' as const,
    postalCode: '0002',
  },
};

const silent = Object.fromEntries(
  ['error', 'warn', 'info', 'debug', 'trace', 'fatal'].map((level) => [level, () => {}]),
) as unknown as FastifyBaseLogger;
const noDisk = { paths: [], usage: async () => ({ usedPercent: 0, freeBytes: 0 }) };

let t: DnsimpleTestApp;
beforeAll(async () => {
  t = await createDnsimpleTestApp({ CONTACT_EMAIL: 'ops@example.co.za' });
});
afterAll(() => t.close());

/** A paid order; `queued: false` keeps its job from the app's runner, for a test that runs it. */
async function paidOrder(domain: string, options: { queued?: boolean } = {}) {
  const order = await createDomainOrder(t.app.database.db, {
    userId: null,
    domain,
    years: 1,
    priceCents: 17_400,
    registrarCostCents: 13_413,
    registration,
    registrar: 'dnsimple',
  });
  await t.app.database.db.transaction(async (tx) => {
    expect(await markDomainOrderPaid(tx, order.id)).toBe(true);
    if (options.queued === false) {
      await tx.delete(jobs).where(sql`${jobs.payload} ->> 'orderId' = ${order.id}`);
    }
  });
  return order;
}

const orderRow = async (id: string) =>
  (await t.app.database.db.select().from(domainOrders).where(eq(domainOrders.id, id)))[0]!;

describe('a registration DNSimple answers too late', () => {
  it('is found in our own account on the retry and completes as registered, never refunded', async () => {
    // DNSimple took 11.9 s to answer registerDomain/success.http; here the answer takes 400 ms
    // and our registrar gives up after 150 ms: the same story, scaled down.
    const slow = createDnsimpleRegistrar({
      token: 'test-token-123456',
      accountId: 4242,
      baseUrl: t.dnsimple.baseUrl,
      timeouts: { step: 150, prices: 1_000, change: 1_000, read: 1_000 },
    });
    const deps = { db: t.app.database.db, registrar: slow, config: t.config };
    t.dnsimple.answerRegistrationSlowly('slow-answer.com', 400);
    const order = await paidOrder('slow-answer.com', { queued: false });

    await expect(registerDomainOrder(deps, order.id, { lastAttempt: false })).rejects.toThrow(
      'did not answer in time',
    );
    // DNSimple made it all the same: the name is now "taken" to the check endpoint.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(t.dnsimple.registered.has('slow-answer.com')).toBe(true);

    // The retry (even the last one) finds it in our account, still being registered: it waits.
    await expect(registerDomainOrder(deps, order.id, { lastAttempt: true })).rejects.toThrow(
      DeferJobError,
    );
    expect(await orderRow(order.id)).toMatchObject({
      status: 'registering',
      refundDueCents: null,
      lastError: 'Our registrar account is still registering slow-answer.com.',
    });

    t.dnsimple.finishRegistrationOf('slow-answer.com');
    await registerDomainOrder(deps, order.id, { lastAttempt: true });
    const active = await orderRow(order.id);
    expect(active).toMatchObject({ status: 'active', refundDueCents: null, lastError: null });
    expect(active.registrarReference).toMatch(/^dnsimple:\d+$/);
    // Registered once: the retries asked our account, they did not register again.
    expect(
      t.dnsimple.calls.filter(
        (call) => call === 'POST /v2/4242/registrar/domains/slow-answer.com/registrations',
      ),
    ).toHaveLength(1);
    expect(t.dnsimple.calls).toContain('GET /v2/4242/domains/slow-answer.com');
  });

  it('still refunds a name taken by someone else (not in our account)', async () => {
    const order = await paidOrder('taken.com');
    await t.app.jobs.drain();
    const failed = await orderRow(order.id);
    expect(failed.status === 'failed' || failed.status === 'refunded').toBe(true);
    expect(failed.lastError).toBe('taken.com was registered elsewhere before we could register it');
  });
});

describe('our DNSimple token refused (401)', () => {
  it('parks paid work as "registrar credentials" without refunding, alerts the owners once, and resumes once the token works', async () => {
    const owner = await signInAdmin(t.app);
    const alertsNow = () =>
      checkOwnerAlerts({
        db: t.app.database.db,
        config: t.config,
        log: silent,
        now: new Date(),
        disk: noDisk,
      });
    t.dnsimple.rotateToken('a-new-token-nobody-set-yet');
    const order = await paidOrder('parked-name.com');
    await t.app.jobs.drain();
    const parked = await orderRow(order.id);
    expect(parked).toMatchObject({ status: 'registering', refundDueCents: null });
    expect(parked.lastError).toBe(
      'DNSimple refused our registrar credentials (HTTP 401): DNSIMPLE_TOKEN must be fixed',
    );
    // Tried again and again with back-off, without ever spending its tries.
    for (let i = 0; i < 6; i += 1) await runRetriesNow(t.app);
    const [job] = (await jobsNamed(t.app, 'register-domain')).filter(
      (j) => j.payload.orderId === order.id,
    );
    expect(job).toMatchObject({ status: 'queued', attempts: 7, maxAttempts: 12 });
    expect((await orderRow(order.id)).status).toBe('registering');

    // The owners' alert (the owner-alerts job ran too, with the retries): started once, mailed
    // once to each owner however often it is checked while it lasts.
    await alertsNow();
    await alertsNow();
    const alert = async () =>
      (
        await t.app.database.db
          .select()
          .from(ownerAlerts)
          .where(eq(ownerAlerts.key, 'registrar-credentials'))
      )[0];
    expect(await alert()).toMatchObject({ active: true, notices: 1, mailed: true });
    const mailed = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Alert: The domain registrar refuses our credentials%'));
    expect(mailed.length).toBeGreaterThan(0);
    expect(new Set(mailed.map((m) => m.to)).size).toBe(mailed.length);
    expect(mailed.map((m) => m.to)).toContain(owner.email);
    expect(mailed[0]!.text).toContain('1 paid domain order is waiting');

    t.dnsimple.rotateToken('test-token-123456');
    await runRetriesNow(t.app);
    await runRetriesNow(t.app);
    expect(await orderRow(order.id)).toMatchObject({ status: 'active', lastError: null });
    await alertsNow();
    expect(await alert()).toMatchObject({ active: false, notices: 1 });
  });
});

describe('a registration pending at DNSimple when the token is revoked', () => {
  it('keeps polling it later, its tries unspent, and finishes it once the token works', async () => {
    const order = await paidOrder('polled-later.com');
    await t.app.jobs.drain();
    expect((await orderRow(order.id)).pendingStep).toMatchObject({ kind: 'registration' });
    t.dnsimple.rotateToken('another-token-nobody-set');
    await runRetriesNow(t.app);
    const [poll] = (await jobsNamed(t.app, 'poll-domain-registration')).filter(
      (j) => j.payload.orderId === order.id,
    );
    expect(poll).toMatchObject({ status: 'queued', attempts: 1, maxAttempts: 31 });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'registering',
      refundDueCents: null,
      lastError:
        'DNSimple refused our registrar credentials (HTTP 401): DNSIMPLE_TOKEN must be fixed',
    });
    t.dnsimple.rotateToken('test-token-123456');
    await runRetriesNow(t.app);
    expect(await orderRow(order.id)).toMatchObject({ status: 'active', lastError: null });
  });
});

describe("DNSimple's rate limit (429)", () => {
  it('retries paid work after X-RateLimit-Reset, not before, without spending a try', async () => {
    t.dnsimple.failNext(429, 1, 1800);
    const order = await paidOrder('rate-limited.com');
    await t.app.jobs.drain();
    const [job] = (await jobsNamed(t.app, 'register-domain')).filter(
      (j) => j.payload.orderId === order.id,
    );
    expect(job).toMatchObject({ status: 'queued', attempts: 1, maxAttempts: 6 });
    const wait = job!.runAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(1790_000);
    expect(wait).toBeLessThanOrEqual(1801_000);
    expect(await orderRow(order.id)).toMatchObject({ status: 'registering', refundDueCents: null });
  });

  it('passes the reset time on to a customer search as Retry-After', async () => {
    t.dnsimple.failNext(429, 1, 120);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/domain/check?domain=rate-search.com',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(119);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(120);
    expect(refused.json()).toMatchObject({
      error: 'The domain registrar is busy. Please try again in a minute.',
    });
  });
});

describe('search from a cache, the check endpoint just before registering', () => {
  it("answers a repeated search from the registrar's earlier answer, marked with its age", async () => {
    const ask = () =>
      t.app.inject({ method: 'GET', url: '/api/domain/check?domain=cached-search.com' });
    const first = await ask();
    const second = await ask();
    expect(second.json()).toEqual(first.json());
    expect(first.headers.age).toBe('0');
    expect(Number(second.headers.age)).toBeGreaterThanOrEqual(0);
    expect(
      t.dnsimple.calls.filter(
        (c) => c === 'GET /v2/4242/registrar/domains/cached-search.com/check',
      ),
    ).toHaveLength(1);
  });
});

describe("DNSimple's prices per ending", () => {
  it('stops the sale of an ending whose cost rose past our floor, alerts the owners, and sells again once the cost is raised', async () => {
    await signInAdmin(t.app);
    const db = t.app.database.db;
    const check = (domain: string) =>
      t.app.inject({ method: 'GET', url: `/api/domain/check?domain=${domain}` });
    const refresh = async () => {
      await enqueueJob(db, 'registrar-prices', {});
      await t.app.jobs.drain();
    };
    const alertsNow = () =>
      checkOwnerAlerts({ db, config: t.config, log: silent, now: new Date(), disk: noDisk });
    // .net is sold on a cost of US$16.50; DNSimple now asks US$40.
    t.dnsimple.priceEnding('net', 40);
    await refresh();
    const [net] = await db.select().from(registrarPrices).where(eq(registrarPrices.tld, 'net'));
    expect(net).toMatchObject({
      registrationCostCents: 4_000,
      currency: 'USD',
      losing: ['registration', 'renewal', 'transfer'],
    });
    expect(Date.now() - net!.checkedAt.getTime()).toBeLessThan(60_000);
    expect(t.dnsimple.calls).toContain(
      'GET /v2/4242/registrar/domains/sebenza-price-probe.net/prices',
    );

    await vi.waitFor(async () => {
      const refused = await check('costly-name.net');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe("costly-name.net can't be registered here at the moment");
    });
    // Endings whose cost still holds sell as before.
    expect((await check('costly-name.com')).json()).toMatchObject({ available: true });

    await alertsNow();
    const [alert] = await db
      .select()
      .from(ownerAlerts)
      .where(eq(ownerAlerts.key, 'registrar-cost-rise'));
    expect(alert).toMatchObject({ active: true, mailed: true });
    expect(alert!.detail).toContain('.net (registration, renewal, transfer; registration now US$');

    // An owner raises the cost: the sale starts again at once; the next check clears the alert.
    await db
      .update(tlds)
      .set({ registrationCostCents: 4_000, renewalCostCents: 4_000, transferCostCents: 4_000 })
      .where(eq(tlds.tld, 'net'));
    await vi.waitFor(async () => {
      expect((await check('costly-name.net')).json()).toMatchObject({ available: true });
    });
    await refresh();
    await alertsNow();
    const [cleared] = await db
      .select()
      .from(ownerAlerts)
      .where(eq(ownerAlerts.key, 'registrar-cost-rise'));
    expect(cleared).toMatchObject({ active: false });
  });
});
