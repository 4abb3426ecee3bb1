import { saToday } from '#shared/dates.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, domainOrders, invoices, orders, payments, users } from '#db/schema/index.ts';
import { customersPageSize } from '#shared/admin-customers.schemas.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { latestMail, signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signInAdmin>>;
let staff: Awaited<ReturnType<typeof signInAdmin>>;
let lerato: Awaited<ReturnType<typeof signUp>>;
let sipho: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAdmin(t.app);
  staff = await signInAdmin(t.app, { role: 'staff' });
  lerato = await signUp(t.app, { fullName: 'Lerato Mokoena' });
  sipho = await signUp(t.app, { fullName: 'Sipho Dlamini' });
  const { db } = t.app.database;
  await db
    .update(users)
    .set({ phone: '+27 82 555 0142', company: 'Mokoena Bakery' })
    .where(eq(users.id, lerato.user.id));
  const [order] = await db
    .insert(orders)
    .values({
      reference: 'ORD-CUST42',
      userId: sipho.user.id,
      status: 'paid',
      subtotalCents: 86_957,
      vatCents: 13_043,
      totalCents: 100_000,
    })
    .returning();
  await db.insert(payments).values({
    reference: 'PAY-CUST42',
    orderId: order!.id,
    status: 'paid',
    amountCents: 100_000,
    fields: [],
  });
  await db.insert(invoices).values({
    number: 424_242,
    orderId: order!.id,
    supplier: {},
    recipient: {},
    lines: [],
    totalCents: 100_000,
    vatCents: 13_043,
  });
  await db.insert(domainOrders).values({
    userId: lerato.user.id,
    domain: 'ltm-designs.co.za',
    years: 1,
    status: 'active',
    priceCents: 9_900,
    registrarCostCents: 7_500,
    registrant: {},
    registrar: 'local',
  });
  await db.insert(orders).values({
    reference: 'ORD-UNPAID',
    userId: lerato.user.id,
    subtotalCents: 8_696,
    vatCents: 1_304,
    totalCents: 10_000,
  });
});
afterAll(() => t.close());

const get = (url: string, cookie = owner.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: Record<string, unknown> = {}, cookie = owner.cookie) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const found = async (query: string, cookie = owner.cookie) => {
  const response = await get(`/api/admin/customers?${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: { email: string }[]; total: number }>();
};
const emails = async (query: string) => (await found(query)).items.map((c) => c.email);

describe('the back-office customer list', () => {
  it('is for administrators only: 401 without a session, and for a signed-in customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/customers' })).statusCode).toBe(
      401,
    );
    expect((await get('/api/admin/customers', lerato.cookie)).statusCode).toBe(401);
    expect((await get(`/api/admin/customers/${lerato.user.id}`, lerato.cookie)).statusCode).toBe(
      401,
    );
  });

  it('lists the newest sign-ups first, 25 a page, for staff as for owners', async () => {
    const page = await found('', staff.cookie);
    expect(page.items.slice(0, 2).map((c) => c.email)).toEqual([sipho.email, lerato.email]);
    const json = (await get('/api/admin/customers', staff.cookie)).json();
    expect(json).toMatchObject({ page: 1, pageSize: customersPageSize });
  });

  it('finds a customer by phone however it is typed, and by name, e-mail and company', async () => {
    expect(await emails('q=082%20555%200142')).toEqual([lerato.email]);
    expect(await emails('q=0825550142')).toEqual([lerato.email]);
    expect(await emails('q=mokoena')).toEqual([lerato.email]);
    expect(await emails('q=BAKERY')).toEqual([lerato.email]);
    expect(await emails(`q=${encodeURIComponent(sipho.email)}`)).toEqual([sipho.email]);
    expect(await emails('q=nobody-at-all')).toEqual([]);
  });

  it('finds a customer by an order, payment or invoice reference or a domain, or part of one', async () => {
    expect(await emails('q=ORD-CUST42')).toEqual([sipho.email]);
    expect(await emails('q=ord-cust42')).toEqual([sipho.email]);
    expect(await emails('q=PAY-CUST42')).toEqual([sipho.email]);
    expect(await emails('q=INV-424242')).toEqual([sipho.email]);
    expect(await emails('q=ltm-designs.co.za')).toEqual([lerato.email]);
    // Part of a reference or a domain name, through the trigram indexes.
    expect(await emails('q=CUST4')).toEqual([sipho.email]);
    expect(await emails('q=pay-cust')).toEqual([sipho.email]);
    expect(await emails('q=LTM-design')).toEqual([lerato.email]);
    // Two characters are too few for a trigram: only names, e-mail addresses and companies.
    expect(await emails('q=Ba')).toEqual([lerato.email]);
  });

  it('filters: unpaid orders, signed up between; a bad filter is a 400', async () => {
    expect(await emails('filter=unpaid')).toEqual([lerato.email]);
    expect(await emails('filter=subscribed')).toEqual([]);
    const today = saToday();
    expect((await found(`from=${today}&to=${today}`)).total).toBeGreaterThanOrEqual(2);
    expect((await found('to=2001-01-01')).total).toBe(0);
    expect((await get('/api/admin/customers?filter=rich')).statusCode).toBe(400);
    expect((await get('/api/admin/customers?page=0')).statusCode).toBe(400);
  });
});

describe('the customer page', () => {
  it('shows every record kind, with credit for owners only; an unknown id is a 404', async () => {
    const response = await get(`/api/admin/customers/${sipho.user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.customer).toMatchObject({ name: 'Sipho Dlamini', email: sipho.email });
    expect(page.credit).toBe(0);
    expect(page.records.orders).toMatchObject([
      { reference: 'ORD-CUST42', status: 'paid', amount: 1000 },
    ]);
    expect(page.records.invoices).toMatchObject([{ reference: 'INV-424242', amount: 1000 }]);
    expect(page.records.payments).toMatchObject([{ reference: 'PAY-CUST42', status: 'paid' }]);
    for (const kind of ['subscriptions', 'domains', 'tickets', 'projects', 'speedReports'])
      expect(page.records[kind]).toEqual([]);
    expect((await get(`/api/admin/customers/${sipho.user.id}`, staff.cookie)).json().credit).toBe(
      null,
    );
    expect((await get(`/api/admin/customers/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/admin/customers/not-an-id')).statusCode).toBe(400);
  });

  it('keeps the team’s notes with who wrote them and when, newest first', async () => {
    const url = `/api/admin/customers/${lerato.user.id}/notes`;
    expect((await post(url, { body: '  ' }, staff.cookie)).statusCode).toBe(400);
    expect((await post(url, { body: 'Prefers a call' }, lerato.cookie)).statusCode).toBe(401);
    expect((await post(url, { body: 'Prefers a call after 14:00' }, staff.cookie)).statusCode).toBe(
      201,
    );
    const second = await post(url, { body: 'Asked about a .co.za transfer' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject([
      { author: owner.email, body: 'Asked about a .co.za transfer' },
      { author: staff.email, body: 'Prefers a call after 14:00' },
    ]);
    const page = (await get(`/api/admin/customers/${lerato.user.id}`)).json();
    expect(page.notes).toEqual(second.json());
    expect(
      (await get(`/api/admin/customers/${sipho.user.id}`)).json().notes,
      'notes stay with their customer',
    ).toEqual([]);
  });

  it('mails a password reset and a new verification link, audited on the page', async () => {
    const reset = await post(
      `/api/admin/customers/${lerato.user.id}/password-reset`,
      {},
      staff.cookie,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({
      sent: true,
      message: `A password-reset link is on its way to ${lerato.email}.`,
    });
    expect((await latestMail(t.app, lerato.email, 'password')).to).toBe(lerato.email);
    const verify = await post(`/api/admin/customers/${lerato.user.id}/verification`);
    expect(verify.json()).toMatchObject({ sent: true });
    const page = (await get(`/api/admin/customers/${lerato.user.id}`)).json();
    expect(page.audit.map((a: { action: string }) => a.action)).toEqual([
      'customer.verification_sent',
      'customer.password_reset_sent',
    ]);
    const rows = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.password_reset_sent'));
    expect(rows).toMatchObject([{ actor: staff.email, entityId: lerato.user.id }]);
  });

  it('says so when the address is already confirmed, and refuses a deleted account', async () => {
    const { db } = t.app.database;
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, sipho.user.id));
    const verify = await post(`/api/admin/customers/${sipho.user.id}/verification`);
    expect(verify.json()).toEqual({
      sent: false,
      message: `Sipho Dlamini has already confirmed ${sipho.email}.`,
    });
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, sipho.user.id));
    const reset = await post(`/api/admin/customers/${sipho.user.id}/password-reset`);
    expect(reset.statusCode).toBe(409);
  });

  it('forgets the team’s notes when the customer deletes their account', async () => {
    const kept = await signUp(t.app, { fullName: 'Zanele Mthembu' });
    const url = `/api/admin/customers/${kept.user.id}/notes`;
    expect((await post(url, { body: 'Called about her domain' })).statusCode).toBe(201);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { cookie: kept.cookie },
      payload: { password: kept.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const page = (await get(`/api/admin/customers/${kept.user.id}`)).json();
    expect(page.customer.deleted).toBe(true);
    expect(page.notes).toEqual([]);
  });

  it('leaves credit adjustment to owners: staff get a 403', async () => {
    const adjust = await post(
      '/api/admin/credit',
      { email: lerato.email, amount: 50, reason: 'Goodwill for the wait' },
      staff.cookie,
    );
    expect(adjust.statusCode).toBe(403);
  });
});
