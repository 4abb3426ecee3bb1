import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  businessPlans,
  invoices,
  mailOutbox,
  orders,
  payments,
  serviceRequests,
  sessions,
  users,
} from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import {
  latestMail,
  sessionCookie,
  signUp,
  deliveredToken,
} from '../../../../tests/helpers/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

describe('profile', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/api/user/profile')).statusCode).toBe(401);
    expect(
      (await call('PATCH', '/api/user/profile', undefined, { fullName: 'Xy' })).statusCode,
    ).toBe(401);
  });

  it('returns and updates name, phone, company and address', async () => {
    const { cookie, email } = await signUp(t.app);
    const before = await call('GET', '/api/user/profile', cookie);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      email,
      fullName: 'Thandi Nkosi',
      phone: null,
      company: null,
      address: null,
      emailVerified: false,
      pendingEmail: null,
      createdAt: expect.any(String),
    });
    const updated = await call('PATCH', '/api/user/profile', cookie, {
      fullName: 'Thandi Nkosi-Mahlangu',
      phone: '+27 82 555 0101',
      company: 'Nkosi Catering (Pty) Ltd',
      address: '12 Jan Smuts Ave, Rosebank, Johannesburg, 2196',
      vatNumber: '4123 456 789',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      fullName: 'Thandi Nkosi-Mahlangu',
      phone: '+27 82 555 0101',
      company: 'Nkosi Catering (Pty) Ltd',
      vatNumber: '4123456789',
    });
    const cleared = await call('PATCH', '/api/user/profile', cookie, {
      fullName: 'Thandi Nkosi',
      phone: '',
    });
    expect(cleared.json()).toMatchObject({
      phone: null,
      company: null,
      address: null,
      vatNumber: null,
    });
  });

  it('refuses a bad phone number with a field issue', async () => {
    const { cookie } = await signUp(t.app);
    const response = await call('PATCH', '/api/user/profile', cookie, {
      fullName: 'Thandi',
      phone: 'call me maybe',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('phone');
    const vat = await call('PATCH', '/api/user/profile', cookie, {
      fullName: 'Thandi',
      vatNumber: '1234567890',
    });
    expect(vat.statusCode).toBe(400);
    expect(vat.json().issues[0]).toEqual({
      path: 'vatNumber',
      message: 'A South African VAT number has 10 digits and starts with 4',
    });
  });
});

describe('change e-mail', () => {
  it('keeps the old address until the new one is confirmed by its link', async () => {
    const { cookie, email, password } = await signUp(t.app);
    const newEmail = `moved.${Date.now()}@example.co.za`;
    const response = await call('POST', '/api/user/change-email', cookie, {
      email: newEmail,
      currentPassword: password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, pendingEmail: newEmail });
    await latestMail(t.app, email, 'being changed');
    const token = await deliveredToken(t.app, await latestMail(t.app, newEmail, 'new e-mail'));
    const verified = await call('POST', '/api/verify-email', undefined, { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ email: newEmail, emailVerified: true });
    const login = await call('POST', '/api/login', undefined, { email: newEmail, password });
    expect(login.statusCode).toBe(200);
  });

  it('needs the current password and a free address', async () => {
    const { cookie, password } = await signUp(t.app);
    const other = await signUp(t.app);
    const wrong = await call('POST', '/api/user/change-email', cookie, {
      email: 'fresh@example.co.za',
      currentPassword: 'not my password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toBe('currentPassword');
    const taken = await call('POST', '/api/user/change-email', cookie, {
      email: other.email,
      currentPassword: password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_ALREADY_EXISTS');
  });
});

describe('change password', () => {
  it('needs the current password, then signs out every other device', async () => {
    const { cookie, email, password } = await signUp(t.app);
    const otherDevice = sessionCookie(
      await call('POST', '/api/login', undefined, { email, password }),
    );
    const wrong = await call('POST', '/api/user/change-password', cookie, {
      currentPassword: 'not my password',
      newPassword: 'a different passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await call('POST', '/api/user/change-password', cookie, {
      currentPassword: password,
      newPassword: 'a different passphrase',
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/user', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/user', otherDevice)).statusCode).toBe(401);
    await latestMail(t.app, email, 'password was changed');
  });
});

describe('POPIA', () => {
  it('exports everything held about the user as a JSON download, without secrets', async () => {
    const { cookie, email, user } = await signUp(t.app);
    const response = await call('GET', '/api/user/export', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json();
    expect(data.profile).toMatchObject({ id: user.id, email });
    expect(data.sessions).toHaveLength(1);
    expect(data.emails[0]).toMatchObject({
      to: email,
      subject: expect.stringContaining('Confirm'),
    });
    expect(data.emailLinks[0]).toMatchObject({ purpose: 'verify_email' });
    expect(response.body).not.toMatch(/argon2|tokenHash|token_hash|passwordHash/);
    // The confirmation link's secret stays out of the export: a working link is a way in.
    const [mail] = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email));
    expect(response.body).not.toContain(await deliveredToken(t.app, mail!));
    expect(data.emails[0].text).toContain('token=[deleted]');
  });

  it('exports and erases the records kept beyond the account, keeping the books whole', async () => {
    const { cookie, email, password, user } = await signUp(t.app, { fullName: 'Nomsa Khumalo' });
    const db = t.app.database.db;
    const origin = { cookie, origin: 'http://localhost:5000' };
    const send = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: origin, ...(payload ? { payload } : {}) });
    expect(
      (
        await send('POST', '/api/service-requests', {
          serviceType: 'website_development',
          name: 'Nomsa Khumalo',
          email,
          phone: '082 555 0101',
          company: 'Khumalo Catering',
          message: 'A website for my catering business in Soweto, please.',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await send('POST', '/api/business-plans', { name: 'Catering expansion' })).statusCode,
    ).toBe(201);
    const order = (
      await send('POST', '/api/orders', {
        items: [{ type: 'package', packageId: 'plan-essential' }],
      })
    ).json<{ reference: string }>();
    expect((await send('POST', `/api/orders/${order.reference}/payfast`)).statusCode).toBe(200);

    const data = (await call('GET', '/api/user/export', cookie)).json();
    expect(data.orders).toEqual([
      expect.objectContaining({ reference: order.reference, totalCents: 349_900 }),
    ]);
    expect(data.payments).toEqual([expect.objectContaining({ amountCents: 349_900 })]);
    expect(data.serviceRequests).toEqual([
      expect.objectContaining({ phone: '082 555 0101', company: 'Khumalo Catering' }),
    ]);
    expect(data.businessPlans).toEqual([expect.objectContaining({ name: 'Catering expansion' })]);
    for (const key of ['invoices', 'creditNotes', 'domains', 'websiteProjects', 'speedReports']) {
      expect(Array.isArray(data[key]), key).toBe(true);
    }

    expect((await call('DELETE', '/api/user', cookie, { password })).statusCode).toBe(200);
    const [payment] = await db
      .select()
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.reference, order.reference));
    const fields = Object.fromEntries(payment!.payments.fields);
    expect(fields).toMatchObject({ name_first: '[deleted]', email_address: '[deleted]' });
    expect(fields.amount).toBe('3499.00');
    expect(payment!.orders.totalCents).toBe(349_900);
    const [request] = await db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.userId, user.id));
    expect(request).toMatchObject({
      name: 'Deleted customer',
      phone: null,
      company: null,
      message: '[deleted]',
    });
    expect(await db.select().from(businessPlans).where(eq(businessPlans.userId, user.id))).toEqual(
      [],
    );
    const audited = await db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(audited.map((a) => a.action).sort()).toEqual(['account.deleted', 'account.exported']);
  });

  it('deletes the account: personal data erased, row kept anonymised, signed out', async () => {
    const { cookie, email, password, user } = await signUp(t.app);
    const wrong = await call('DELETE', '/api/user', cookie, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    const response = await call('DELETE', '/api/user', cookie, { password });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', '/api/user', cookie)).statusCode).toBe(401);
    const db = t.app.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      fullName: 'Deleted customer',
      passwordHash: null,
      phone: null,
      deletedAt: expect.any(Date),
    });
    expect(row!.email).not.toContain(email);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(0);
    expect((await call('POST', '/api/login', undefined, { email, password })).statusCode).toBe(401);
    // The address is free again for a new account.
    const again = await call('POST', '/api/register', undefined, {
      fullName: 'Thandi Nkosi',
      email,
      password,
    });
    expect(again.statusCode).toBe(201);
  });

  it("anonymises a deleted customer's invoices once the five years have passed, not before", async () => {
    const db = t.app.database.db;
    const { cookie, password, user } = await signUp(t.app, { fullName: 'Pieter Botha' });
    const keeper = await signUp(t.app, { fullName: 'Lindiwe Mokoena' });
    const invoiceFor = async (userId: string, name: string, yearsAgo: number) => {
      const [order] = await db
        .insert(orders)
        .values({
          reference: `SO-R${Math.random().toString(36).slice(2, 7).toUpperCase()}`,
          userId,
          subtotalCents: 100_000,
          vatCents: 0,
          totalCents: 100_000,
        })
        .returning();
      const [invoice] = await db
        .insert(invoices)
        .values({
          number: 900_000 + Math.floor(Math.random() * 99_999),
          orderId: order!.id,
          issuedAt: new Date(Date.now() - yearsAgo * 366 * 24 * 60 * 60 * 1000),
          supplier: { name: 'Sebenza Digital' },
          recipient: { name, email: `${name.split(' ')[0]}@example.co.za` },
          lines: [],
          totalCents: 100_000,
          vatCents: 0,
        })
        .returning();
      return invoice!.id;
    };
    const old = await invoiceFor(user.id, 'Pieter Botha', 6);
    const recent = await invoiceFor(user.id, 'Pieter Botha', 1);
    const living = await invoiceFor(keeper.user.id, 'Lindiwe Mokoena', 6);
    expect((await call('DELETE', '/api/user', cookie, { password })).statusCode).toBe(200);

    const { anonymiseExpiredRecords } = await import('./account.service.ts');
    expect(await anonymiseExpiredRecords(db)).toBeGreaterThanOrEqual(1);
    const recipient = async (id: string) =>
      (await db.select().from(invoices).where(eq(invoices.id, id)))[0]!.recipient;
    expect(await recipient(old)).toEqual({ name: 'Deleted customer' });
    // Within five years the VAT Act keeps the invoice as issued; a living customer's always.
    expect(await recipient(recent)).toMatchObject({ name: 'Pieter Botha' });
    expect(await recipient(living)).toMatchObject({ name: 'Lindiwe Mokoena' });
    // Run again: nothing left to change.
    expect(await anonymiseExpiredRecords(db)).toBe(0);
  });
});
