import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  domainOrderEvents,
  domainOrders,
  jobs,
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
import { remindDomainExpiry } from './domain-expiry-reminders.service.ts';

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

async function paidOrder(t: TestApp, domain: string, registrarCostCents = 19_000) {
  const order = await createDomainOrder(t.app.database.db, {
    userId: null,
    domain,
    years: 2,
    priceCents: 22_800,
    registrarCostCents,
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
      'registering', // the registrar accepted it: done at once, for both years
      'active',
    ]);
    const held = await t.app.database.db
      .select()
      .from(localRegistrarDomains)
      .where(eq(localRegistrarDomains.domain, 'ayanda-designs.co.za'));
    expect(held).toHaveLength(1);
    await latestMail(t.app, 'ayanda@example.co.za', 'ayanda-designs.co.za is registered');
  });

  it("reminds the owner 30, 7 and 1 days before the registrar's expiry, each once", async () => {
    const order = await paidOrder(t, 'reminded.co.za');
    const active = await afterJobs(t, order.id);
    const reminders = (await jobsNamed(t.app, 'domain-expiry-reminder')).filter(
      (j) => j.payload.orderId === order.id,
    );
    const day = 86_400_000;
    expect(
      reminders.map((j) => [j.payload.daysBefore, active.expiresAt!.getTime() - j.runAt.getTime()]),
    ).toEqual([
      [30, 30 * day],
      [7, 7 * day],
      [1, 1 * day],
    ]);
    // A week before the expiry, the 7-day reminder's time comes.
    await t.app.database.db
      .update(domainOrders)
      .set({ expiresAt: new Date(Date.now() + 7 * day - 3_600_000) })
      .where(eq(domainOrders.id, order.id));
    const weekly = reminders.find((j) => j.payload.daysBefore === 7)!;
    await t.app.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, weekly.id));
    await t.app.jobs.drain();
    const mail = await latestMail(t.app, 'ayanda@example.co.za', 'reminded.co.za expires on');
    expect(mail.text).toContain('It is set to renew automatically.');
    const deps = { db: t.app.database.db, registrar: t.app.registrar, config: t.config };
    await remindDomainExpiry(deps, order.id, 7);
    // Not yet the day before: the 1-day reminder sends nothing.
    await remindDomainExpiry(deps, order.id, 1);
    const notes = (
      await t.app.database.db
        .select()
        .from(domainOrderEvents)
        .where(eq(domainOrderEvents.orderId, order.id))
    ).map((e) => e.note);
    expect(notes.filter((n) => n?.startsWith('Expiry reminder'))).toEqual([
      'Expiry reminder sent (7 days before)',
    ]);
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
    // DNSimple accepted it as `new`: pending, not active, and nobody is told it is active yet.
    const accepted = await afterJobs(t, order.id);
    expect(accepted).toMatchObject({
      status: 'registering',
      attempts: 2,
      pendingStep: { kind: 'registration', years: 1, yearsLeft: 1 },
    });
    await expect(latestMail(t.app, 'ayanda@example.co.za', 'retry-me.com')).rejects.toThrow();
    // The poll finds it registered; the second year paid for is a renewal, polled in turn.
    await runRetriesNow(t.app);
    expect((await afterJobs(t, order.id)).pendingStep).toMatchObject({ kind: 'renewal', years: 1 });
    await runRetriesNow(t.app);
    const active = await afterJobs(t, order.id);
    expect(active).toMatchObject({ status: 'active', attempts: 2, pendingStep: null });
    const registrations = t.dnsimple.bodies.filter(
      (b) => b.call === 'POST /v2/4242/registrar/domains/retry-me.com/registrations',
    );
    expect(registrations).toHaveLength(1);
    expect(registrations[0]!.body).not.toHaveProperty('period');
    expect(registrations[0]!.body).not.toHaveProperty('premium_price');
    // The customer chose auto-renew (ours, invoiced ahead and paid first); DNSimple's stays off.
    expect(registrations[0]!.body).toMatchObject({ auto_renew: false });
    expect(t.dnsimple.bodies.find((b) => b.call.endsWith('/retry-me.com/renewals'))!.body).toEqual({
      period: 1,
    });
    // The expiry is the registrar's: one year registered plus one renewed.
    const stand = (await t.app.registrar.holds('retry-me.com'))!;
    expect(active.expiresAt).toEqual(stand.expiresAt);
    expect(active.expiresAt!.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 2);
    await latestMail(t.app, 'ayanda@example.co.za', 'retry-me.com is registered');
  });

  it('confirms a premium name with its quoted price', async () => {
    // US$250 a year × R18.50 = R4 625.00, for 2 years.
    const order = await paidOrder(t, 'xyz.com', 925_000);
    await afterJobs(t, order.id);
    const [registration] = t.dnsimple.bodies.filter((b) =>
      b.call.endsWith('/xyz.com/registrations'),
    );
    expect(registration!.body).toMatchObject({ premium_price: '250' });
    await runRetriesNow(t.app);
    await runRetriesNow(t.app);
    expect((await afterJobs(t, order.id)).status).toBe('active');
    expect(t.dnsimple.bodies.find((b) => b.call.endsWith('/xyz.com/renewals'))!.body).toEqual({
      period: 1,
      premium_price: '250',
    });
  });

  it('does not register a premium name whose price rose since the order: refund flagged', async () => {
    const order = await paidOrder(t, 'pqr.com', 600_000);
    const failed = await afterJobs(t, order.id);
    expect(failed).toMatchObject({ status: 'failed', refundDueCents: 22_800 });
    expect(failed.lastError).toContain('premium price of pqr.com rose to R');
    expect(t.dnsimple.calls).not.toContain('POST /v2/4242/registrar/domains/pqr.com/registrations');
  });

  it('fails a registration the registrar ends as failed, with its refund flagged', async () => {
    t.dnsimple.failRegistrationOf('doomed-name.com');
    const order = await paidOrder(t, 'doomed-name.com');
    expect((await afterJobs(t, order.id)).status).toBe('registering');
    await runRetriesNow(t.app);
    const failed = await afterJobs(t, order.id);
    expect(failed).toMatchObject({ status: 'failed', refundDueCents: 22_800, pendingStep: null });
    await latestMail(t.app, 'ayanda@example.co.za', 'We could not register doomed-name.com');
    const admin = await latestMail(t.app, 'ops@example.co.za', 'Refund due');
    expect(admin.text).toContain('R');
    expect(admin.text).toContain('228,00');
  });

  it('finds a registration that finished unrecorded instead of buying the name again', async () => {
    const id = t.dnsimple.addRegistered('already-ours.com');
    const order = await paidOrder(t, 'already-ours.com');
    const active = await afterJobs(t, order.id);
    expect(active).toMatchObject({ status: 'active', registrarReference: `dnsimple:${id}` });
    expect(t.dnsimple.calls).not.toContain(
      'POST /v2/4242/registrar/domains/already-ours.com/registrations',
    );
  });

  it('checks the name again before registering: taken → failed, refund flagged, people told', async () => {
    const order = await paidOrder(t, 'taken.com');
    const failed = await afterJobs(t, order.id);
    expect(failed).toMatchObject({ status: 'failed', refundDueCents: 22_800 });
    expect(t.dnsimple.calls).not.toContain(
      'POST /v2/4242/registrar/domains/taken.com/registrations',
    );
    expect(await history(t, order.id)).toEqual([
      'pending_payment',
      'paid',
      'registering',
      'failed',
    ]);
    await latestMail(t.app, 'ayanda@example.co.za', 'We could not register taken.com');
    await latestMail(
      t.app,
      'ops@example.co.za',
      'Refund due: domain registration failed for taken.com',
    );
  });

  it('admin: lists failed orders with their history, retries and marks refunded, audited', async () => {
    // Staff list, read and retry; only an owner refunds (issue 25 §4).
    const { cookie } = await signInAdmin(t.app, { role: 'staff' });
    const owner = await signInAdmin(t.app);
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
    const byStaff = await t.app.inject({
      method: 'POST',
      url: `/api/admin/domain-orders/${failed.id}/refund`,
      headers: { cookie },
    });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toEqual({
      error: 'Only an owner of the business can do this',
      code: 'FORBIDDEN',
    });
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `/api/admin/domain-orders/${failed.id}`,
      headers: { cookie },
    });
    expect(unchanged.json().order.status).toBe('failed');
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/domain-orders/${failed.id}/refund`,
      headers: { cookie: owner.cookie },
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
