import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, serviceRequests, supportTickets } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { latestMail, signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { formatZAR } from '#shared/money.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: 'office@example.co.za' });
});
afterAll(() => t.close());

let address = 0;
const post = (url: string, payload: object, cookie?: string, remoteAddress?: string) => {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: remoteAddress ?? `198.51.100.${address}`,
    headers: cookie ? { cookie } : {},
  });
};

const valid = {
  serviceType: 'business_plan',
  name: 'Kagiso Molefe',
  email: 'kagiso@example.co.za',
  phone: '+27 71 555 0199',
  message: 'I need a bank-ready plan for a bakery in Soweto, for a SEFA loan application.',
  answers: { budget: 'R 5 000 to R 10 000', timeline: 'Within a month' },
};

describe('POST /api/service-requests', () => {
  it('stores the request with a reference, mails a confirmation and notifies the company', async () => {
    const response = await post('/api/service-requests', valid);
    expect(response.statusCode).toBe(201);
    const { reference } = response.json();
    expect(reference).toMatch(/^SR-[A-Z2-9]{6}$/);
    const [row] = await t.app.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.reference, reference));
    expect(row).toMatchObject({ serviceType: 'business_plan', status: 'new', userId: null });
    expect(row!.answers).toEqual(valid.answers);
    const confirmation = await latestMail(t.app, valid.email, reference);
    expect(confirmation.text).toContain('Business Plan request');
    const notice = await latestMail(t.app, 'office@example.co.za', reference);
    expect(notice.text).toContain('Kagiso Molefe <kagiso@example.co.za>');
  });

  it('links the request to a signed-in customer, who sees it listed', async () => {
    const { cookie, user } = await signUp(t.app);
    const response = await post(
      '/api/service-requests',
      { ...valid, serviceType: 'mobile_app' },
      cookie,
    );
    const { reference } = response.json();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/service-requests',
      headers: { cookie },
    });
    expect(list.json()).toEqual([
      expect.objectContaining({ reference, serviceType: 'mobile_app', status: 'new' }),
    ]);
    const [row] = await t.app.database.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.reference, reference));
    expect(row!.userId).toBe(user.id);
  });

  it('answers invalid input with field issues', async () => {
    const response = await post('/api/service-requests', {
      serviceType: 'time_travel',
      name: 'K',
      email: 'nope',
      message: 'short',
    });
    expect(response.statusCode).toBe(400);
    const paths = (response.json().issues as { path: string }[]).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['serviceType', 'name', 'email', 'message']));
  });

  it('drops a filled honeypot without storing anything', async () => {
    const before = await t.app.database.db.select().from(serviceRequests);
    const response = await post('/api/service-requests', {
      ...valid,
      website: 'http://spam.example',
    });
    expect(response.statusCode).toBe(201);
    expect(await t.app.database.db.select().from(serviceRequests)).toHaveLength(before.length);
  });

  it('limits requests to 10 in 15 minutes from one address', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await post('/api/service-requests', { ...valid, name: '' }, undefined, '203.0.113.9'))
          .statusCode,
      ).toBe(400);
    }
    const refused = await post('/api/service-requests', valid, undefined, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });
});

describe('admin: service requests', () => {
  it('lists, shows and moves a request new → contacted → quoted → won, audited', async () => {
    const { cookie } = await signInAdmin(t.app);
    const { reference } = (await post('/api/service-requests', valid)).json();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/service-requests?status=new',
      headers: { cookie },
    });
    const item = (list.json().items as { id: string; reference: string }[]).find(
      (r) => r.reference === reference,
    )!;
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/service-requests/${item.id}`,
      headers: { cookie },
    });
    expect(detail.json()).toMatchObject({ reference, message: valid.message });
    const move = (status: string, quote?: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/service-requests/${item.id}`,
        headers: { cookie },
        payload: { status, quote },
      });
    const skip = await move('won');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error).toBe('A new request cannot become won');
    expect((await move('contacted')).json().status).toBe('contacted');
    const unpriced = await move('quoted');
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json().error).toBe('quote: Enter the quoted amount in rand');
    expect((await move('quoted', 7500.5)).json()).toMatchObject({
      status: 'quoted',
      quote: 7500.5,
    });
    await t.app.jobs.drain();
    const [quoteMail] = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Your quote for ${reference}: ${formatZAR(750_050)}`));
    expect(quoteMail?.to).toBe(valid.email);
    expect((await move('won')).json().status).toBe('won');
    expect((await move('won')).statusCode).toBe(200);
    expect((await move('lost')).statusCode).toBe(409);
    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, reference));
    expect(audits.map((a) => (a.details as { to: string }).to)).toEqual([
      'contacted',
      'quoted',
      'won',
    ]);
  });
});

describe('POST /api/contact', () => {
  it('opens a support ticket and mails it to the company address', async () => {
    const response = await post('/api/contact', {
      name: 'Ruth Pillay',
      email: 'ruth@example.co.za',
      subject: 'Question about VAT registration',
      message: 'Do you register for VAT if my turnover is under R1 million?',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toContain('within one business day');
    const [row] = await t.app.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.email, 'ruth@example.co.za'));
    expect(row).toMatchObject({
      subject: 'Question about VAT registration',
      source: 'contact_form',
    });
    const mail = await latestMail(t.app, 'office@example.co.za', 'Question about VAT registration');
    expect(mail.text).toContain('Ruth Pillay <ruth@example.co.za>');
    const { cookie } = await signInAdmin(t.app);
    const tickets = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tickets',
      headers: { cookie },
    });
    expect(tickets.json().items[0]).toMatchObject({
      subject: 'Question about VAT registration',
      email: 'ruth@example.co.za',
    });
  });

  it('drops a honeypot, validates fields and is rate-limited', async () => {
    const bot = await post('/api/contact', {
      name: 'Spam Bot',
      email: 'bot@example.com',
      subject: 'Buy now',
      message: 'Cheap watches for everyone today only',
      website: 'x',
    });
    expect(bot.statusCode).toBe(201);
    expect(
      await t.app.database.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.email, 'bot@example.com')),
    ).toHaveLength(0);
    const invalid = await post('/api/contact', { name: 'R', email: 'x', subject: '', message: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues.length).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 5; i += 1) await post('/api/contact', {}, undefined, '203.0.113.50');
    expect((await post('/api/contact', {}, undefined, '203.0.113.50')).statusCode).toBe(429);
  });
});
