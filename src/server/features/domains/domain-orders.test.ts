import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  domainOrderEvents,
  domainOrders,
  localRegistrarDomains,
} from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { latestMail } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import {
  createDnsimpleTestApp,
  type DnsimpleTestApp,
} from '../../../../tests/helpers/dnsimple-app.ts';
import { buildApp } from '../../app.ts';
import { jobsNamed, runRetriesNow } from '../../../../tests/helpers/jobs.ts';
import { createDomainOrder, markDomainOrderPaid } from './domain-orders.service.ts';

const registration = {
  years: 2,
  privacy: true,
  autoRenew: true,
  registrant: {
    type: 'individual' as const,
    fullName: 'Ayanda Zulu',
    email: 'ayanda@example.co.za',
    phone: '+27825550101',
    address1: '5 Long Street',
    city: 'Cape Town',
    province: 'Western Cape' as const,
    postalCode: '8001',
  },
};

async function paidOrder(t: TestApp, domain: string) {
  const order = await createDomainOrder(t.app.database.db, {
    userId: null,
    domain,
    years: 2,
    priceCents: 22_800,
    registrarCostCents: 19_000,
    registration,
    registrar: t.app.registrar.provider,
  });
  expect(await markDomainOrderPaid(t.app.database.db, order.id)).toBe(true);
  expect(await markDomainOrderPaid(t.app.database.db, order.id)).toBe(false);
  return order;
}

/** The order after the queue has run what is due. */
async function afterJobs(t: TestApp, orderId: string) {
  await t.app.jobs.drain();
  const [row] = await t.app.database.db
    .select()
    .from(domainOrders)
    .where(eq(domainOrders.id, orderId));
  return row!;
}

const history = async (t: TestApp, orderId: string) =>
  (
    await t.app.database.db
      .select()
      .from(domainOrderEvents)
      .where(eq(domainOrderEvents.orderId, orderId))
      .orderBy(domainOrderEvents.id)
  ).map((e) => e.toStatus);

describe('registering a paid domain with the local registrar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('goes pending_payment → paid → registering → active, once, and mails the customer', async () => {
    const order = await paidOrder(t, 'ayanda-designs.co.za');
    const active = await afterJobs(t, order.id);
    expect(active).toMatchObject({
      status: 'active',
      registrarReference: 'local:ayanda-designs.co.za',
      attempts: 1,
    });
    expect(active.expiresAt!.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 2);
    const [job, ...more] = (await jobsNamed(t.app, 'register-domain')).filter(
      (j) => j.payload.orderId === order.id,
    );
    expect(more).toHaveLength(0);
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect(await history(t, order.id)).toEqual([
      'pending_payment',
      'paid',
      'registering',
      'active',
    ]);
    const held = await t.app.database.db
      .select()
      .from(localRegistrarDomains)
      .where(eq(localRegistrarDomains.domain, 'ayanda-designs.co.za'));
    expect(held).toHaveLength(1);
    await latestMail(t.app, 'ayanda@example.co.za', 'ayanda-designs.co.za is registered');
  });

  it('is picked up by a fresh runner after a restart', async () => {
    await t.app.jobs.close();
    const order = await paidOrder(t, 'after-restart.co.za');
    expect((await afterJobs(t, order.id)).status).toBe('paid');
    // The same database opened by a new process: its runner starts with what was queued.
    const restarted = await buildApp(t.config, { database: t.app.database, logger: false });
    try {
      await restarted.jobs.drain();
      expect((await afterJobs(t, order.id)).status).toBe('active');
    } finally {
      await restarted.close();
    }
  });
});

describe('registering through DNSimple', () => {
  let t: DnsimpleTestApp;
  beforeAll(async () => {
    t = await createDnsimpleTestApp({
      CONTACT_EMAIL: 'ops@example.co.za',
    });
  });
  afterAll(() => t.close());

  it('retries a transient failure later, then registers without registering twice', async () => {
    t.dnsimple.failNext(500, 1);
    const order = await paidOrder(t, 'retry-me.com');
    const waiting = await afterJobs(t, order.id);
    expect(waiting).toMatchObject({ status: 'registering', attempts: 1 });
    expect(waiting.lastError).toContain('having problems');
    const [job] = (await jobsNamed(t.app, 'register-domain')).filter(
      (j) => j.payload.orderId === order.id,
    );
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    await runRetriesNow(t.app);
    const active = await afterJobs(t, order.id);
    expect(active).toMatchObject({ status: 'active', attempts: 2 });
    expect(
      t.dnsimple.calls.filter(
        (c) => c === 'POST /v2/4242/registrar/domains/retry-me.com/registrations',
      ),
    ).toHaveLength(1);
  });

  it('finds a registration that finished unrecorded instead of buying the name again', async () => {
    t.dnsimple.owned.set('already-ours.com', 777);
    t.dnsimple.registered.add('already-ours.com');
    const order = await paidOrder(t, 'already-ours.com');
    const active = await afterJobs(t, order.id);
    expect(active).toMatchObject({ status: 'active', registrarReference: 'dnsimple:777' });
    expect(t.dnsimple.calls).not.toContain(
      'POST /v2/4242/registrar/domains/already-ours.com/registrations',
    );
  });

  it('marks a refused registration failed and tells the customer and the admins', async () => {
    const order = await paidOrder(t, 'taken.com');
    const failed = await afterJobs(t, order.id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(await history(t, order.id)).toEqual([
      'pending_payment',
      'paid',
      'registering',
      'failed',
    ]);
    await latestMail(t.app, 'ayanda@example.co.za', 'We could not register taken.com');
    await latestMail(t.app, 'ops@example.co.za', 'Domain registration failed: taken.com');
  });

  it('admin: lists failed orders with their history, retries and marks refunded, audited', async () => {
    const { cookie } = await signInAdmin(t.app);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/domain-orders?status=failed',
      headers: { cookie },
    });
    const failed = (list.json().items as { id: string; domain: string }[]).find(
      (o) => o.domain === 'taken.com',
    )!;
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/domain-orders/${failed.id}`,
      headers: { cookie },
    });
    expect(detail.json().events.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      'failed',
      'registering',
      'paid',
      'pending_payment',
    ]);
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/domain-orders/${failed.id}/retry`,
      headers: { cookie },
    });
    expect(retry.json().status).toBe('paid');
    await t.app.jobs.drain();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/domain-orders/${failed.id}/refund`,
      headers: { cookie },
    });
    expect(refund.json().status).toBe('refunded');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/domain-orders/${failed.id}/retry`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'taken.com'));
    expect(audits.map((a) => a.action)).toEqual(['domain_order.retry', 'domain_order.refunded']);
  });
});
