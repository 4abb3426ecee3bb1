import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, supportTickets } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { latestMail, signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { jobsNamed } from '../../../../tests/helpers/jobs.ts';
import { watchTicketDesk } from './ticket-desk-watch.service.ts';
import { createTicketThreads, type TicketDeps } from './tickets.service.ts';
import { injectCaller } from '../../../../tests/helpers/inject-call.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signInAdmin>>;
let staff: Awaited<ReturnType<typeof signInAdmin>>;
let deps: TicketDeps;
const office = 'desk-office@example.co.za';
const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: office });
  owner = await signInAdmin(t.app, { role: 'owner' });
  staff = await signInAdmin(t.app, { role: 'staff' });
  deps = {
    db: t.app.database.db,
    config: t.app.config,
    threads: createTicketThreads(t.app.config, t.app.secretBox),
  };
});
afterAll(() => t.close());

const call = injectCaller(() => t.app);

const mailsTo = (to: string, subject: string) =>
  t.app.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `%${subject}%`)));

async function openAs(cookie: string, category: string, subject: string) {
  const response = await call('POST', '/api/tickets', {
    cookie,
    payload: { subject, category, message: 'Please help with this, it is urgent for us.' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ reference: string }>().reference;
}

const ticketRow = async (reference: string) =>
  (
    await t.app.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.reference, reference))
  )[0]!;

describe('departments', () => {
  it('sends a ticket to its department, whose staff get the alerts the owners chose', async () => {
    const departments = await call('GET', '/api/admin/support-departments', {
      cookie: staff.cookie,
    });
    expect(departments.statusCode).toBe(200);
    expect(departments.json().departments.map((d: { id: string }) => d.id)).toEqual([
      'sales',
      'support',
      'billing',
    ]);

    // Staff read the departments; only owners change them.
    const change = {
      name: 'Accounts',
      email: 'Accounts@Example.co.za',
      alertNewTicket: true,
      alertCustomerReply: false,
      alertBreach: true,
      staffIds: [staff.admin.id],
    };
    const refused = await call('PATCH', '/api/admin/support-departments/billing', {
      cookie: staff.cookie,
      payload: change,
    });
    expect(refused.statusCode).toBe(403);
    const saved = await call('PATCH', '/api/admin/support-departments/billing', {
      cookie: owner.cookie,
      payload: change,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      id: 'billing',
      name: 'Accounts',
      email: 'accounts@example.co.za',
      alertCustomerReply: false,
      staff: [{ id: staff.admin.id, name: staff.admin.name }],
    });
    const bad = await call('PATCH', '/api/admin/support-departments/billing', {
      cookie: owner.cookie,
      payload: { ...change, email: 'not an address' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('Enter a valid e-mail address');
    const [audit] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'support_department.updated'));
    expect(audit).toMatchObject({ entityId: 'billing', actor: owner.email });

    // A billing question lands in billing: its staff member hears of it, the company does not.
    const customer = await signUp(t.app, { fullName: 'Ayanda Zulu' });
    const billing = await openAs(customer.cookie, 'billing', 'Invoice total looks wrong');
    expect((await ticketRow(billing)).departmentId).toBe('billing');
    await latestMail(t.app, staff.email, `[${billing}] New ticket`);
    expect(await mailsTo(office, `[${billing}]`)).toEqual([]);
    // The customer's reply is not alerted: the department switched that off.
    const reply = await call('POST', `/api/tickets/${billing}/messages`, {
      cookie: customer.cookie,
      payload: { message: 'Any news on this one?' },
    });
    expect(reply.statusCode).toBe(201);
    expect(await mailsTo(staff.email, `[${billing}] Ayanda Zulu replied`)).toEqual([]);

    // Anything else lands in support, which has no staff yet: the company address hears of it.
    const domains = await openAs(customer.cookie, 'domains', 'Domain not resolving');
    expect((await ticketRow(domains)).departmentId).toBe('support');
    await latestMail(t.app, office, `[${domains}] New ticket`);

    // Staff move a ticket to another department; the list filters by it.
    const moved = await call('PATCH', `/api/admin/tickets/${domains}`, {
      cookie: staff.cookie,
      payload: { departmentId: 'sales' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().departmentId).toBe('sales');
    const sales = await call('GET', '/api/admin/tickets?department=sales', {
      cookie: staff.cookie,
    });
    expect(sales.json().items.map((i: { reference: string }) => i.reference)).toContain(domains);
    expect(sales.json().items.map((i: { reference: string }) => i.reference)).not.toContain(
      billing,
    );
  });
});

describe('response-time targets', () => {
  it('shows the clock, flags a missed first reply once and alerts the department', async () => {
    const customer = await signUp(t.app, { fullName: 'Pieter Botha' });
    const reference = await openAs(customer.cookie, 'website', 'Site is down');
    const urgent = await call('PATCH', `/api/admin/tickets/${reference}`, {
      cookie: staff.cookie,
      payload: { priority: 'urgent' },
    });
    expect(urgent.statusCode, urgent.body).toBe(200);
    const row = await ticketRow(reference);
    const opened = row.createdAt.getTime();
    expect(urgent.json()).toMatchObject({
      priority: 'urgent',
      clock: {
        firstResponseDueAt: new Date(opened + hourMs).toISOString(),
        resolutionDueAt: new Date(opened + 8 * hourMs).toISOString(),
        firstResponseAt: null,
        firstResponseBreached: false,
        resolutionBreached: false,
      },
    });

    // Within the hour nothing is missed; past it, the first response is, once.
    expect((await watchTicketDesk(deps, new Date(opened + 50 * 60 * 1000))).breaches).toBe(0);
    await watchTicketDesk(deps, new Date(opened + 2 * hourMs));
    await watchTicketDesk(deps, new Date(opened + 3 * hourMs));
    const alerts = await mailsTo(office, `[${reference}] Missed first response target (Urgent)`);
    expect(alerts).toHaveLength(1);
    const flagged = await call('GET', '/api/admin/tickets?breached=true', { cookie: staff.cookie });
    const listed = flagged
      .json()
      .items.find((i: { reference: string }) => i.reference === reference);
    expect(listed.clock).toMatchObject({ firstResponseBreached: true, resolutionBreached: false });

    // The first reply stops the first-response clock; the ticket now waits on the customer.
    const answered = await call('POST', `/api/admin/tickets/${reference}/messages`, {
      cookie: staff.cookie,
      payload: { message: 'We are on it.' },
    });
    expect(answered.statusCode).toBe(201);
    expect(answered.json().clock.firstResponseAt).not.toBeNull();
    const [audit] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.priority_changed'), eq(auditLog.entityId, reference)));
    expect(audit?.details).toEqual({ from: 'normal', to: 'urgent' });
  });
});

describe('tickets left waiting on the customer', () => {
  it('warns, closes with the rating links, and the rating is reported per department', async () => {
    const customer = await signUp(t.app, { fullName: 'Naledi Dube' });
    const reference = await openAs(customer.cookie, 'other', 'Question about hosting');
    await call('POST', `/api/admin/tickets/${reference}/messages`, {
      cookie: staff.cookie,
      payload: { message: 'Which plan are you on?' },
    });
    const now = Date.now();
    // Six days on: nothing yet. Seven: the warning, once.
    expect(await watchTicketDesk(deps, new Date(now + 6 * dayMs))).toMatchObject({ warned: 0 });
    await watchTicketDesk(deps, new Date(now + 7 * dayMs + hourMs));
    await watchTicketDesk(deps, new Date(now + 8 * dayMs));
    const warnings = await mailsTo(customer.email, `[${reference}] Waiting for your reply`);
    expect(warnings).toHaveLength(1);
    expect((await ticketRow(reference)).state).toBe('awaiting_customer');

    // Three days after the warning it closes, and the closing mail asks for a rating.
    const outcome = await watchTicketDesk(deps, new Date(now + 10 * dayMs + 2 * hourMs));
    expect(outcome.closed).toBeGreaterThanOrEqual(1);
    expect((await ticketRow(reference)).state).toBe('closed');
    const closing = await latestMail(t.app, customer.email, `[${reference}] Closed`);
    const good = /\/support\/rate\?token=([^&\s]+)&rating=good/.exec(closing.text);
    expect(good, closing.text).not.toBeNull();
    expect(closing.html).toContain('Not good');

    const token = decodeURIComponent(good![1]!);
    const rated = await call('POST', '/api/ticket-rating', { payload: { token, rating: 'good' } });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toEqual({
      reference,
      subject: 'Question about hosting',
      rating: 'good',
    });
    // A second click changes the rating rather than adding one.
    await call('POST', '/api/ticket-rating', { payload: { token, rating: 'bad' } });
    expect((await ticketRow(reference)).rating).toBe('bad');
    const forged = await call('POST', '/api/ticket-rating', {
      payload: { token: `${reference}.${'0'.repeat(32)}`, rating: 'good' },
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error).toBe('That rating link is not valid');

    const report = await call('GET', '/api/admin/support-ratings', { cookie: staff.cookie });
    expect(report.statusCode).toBe(200);
    const support = report.json().departments.find((d: { id: string }) => d.id === 'support');
    expect(support).toMatchObject({ name: 'Support', bad: 1 });
  });

  it('keeps the desk clock running: a start queues its next look', async () => {
    expect((await jobsNamed(t.app, 'ticket-desk-watch')).length).toBeGreaterThan(0);
  });
});
