import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, supportTickets } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { latestMail, signUp, tokenFromText } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { jobsNamed, runRetriesNow } from '../../../../tests/helpers/jobs.ts';
import { startSmtpCatcher } from '../../../../tests/helpers/smtp-catcher.ts';
import { injectCaller } from '../../../../tests/helpers/inject-call.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
const office = 'support-office@example.co.za';

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ CONTACT_EMAIL: office, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = injectCaller(() => t.app);

const newTicket = {
  subject: 'Invoice shows the wrong company name',
  category: 'billing',
  message: 'My invoice INV-000012 says "Nkosi Trading" but we are "Nkosi Holdings (Pty) Ltd".',
};

async function openTicketAs(cookie: string, overrides: object = {}) {
  const response = await call('POST', '/api/tickets', {
    cookie,
    payload: { ...newTicket, ...overrides },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ reference: string; state: string }>();
}

describe('customer tickets', () => {
  it('opens a ticket from the dashboard: 201, the conversation, both sides e-mailed', async () => {
    const customer = await signUp(t.app, { fullName: 'Thandi Nkosi' });
    const response = await call('POST', '/api/tickets', {
      cookie: customer.cookie,
      payload: newTicket,
    });
    expect(response.statusCode).toBe(201);
    const ticket = response.json();
    expect(ticket).toMatchObject({
      reference: expect.stringMatching(/^T-[A-Z0-9]{6}$/),
      subject: newTicket.subject,
      category: 'billing',
      state: 'open',
      closesAt: null,
      messages: [{ author: 'customer', authorName: 'Thandi Nkosi', body: newTicket.message }],
    });
    const confirmation = await latestMail(t.app, customer.email, ticket.reference);
    expect(confirmation.text).toContain(`/user/support/${ticket.reference}`);
    const notice = await latestMail(t.app, office, `[${ticket.reference}] New ticket (Billing)`);
    expect(notice.text).toContain(`/admin/support-tickets/${ticket.reference}`);

    const list = await call('GET', '/api/tickets', { cookie: customer.cookie });
    expect(list.json()).toEqual([expect.objectContaining({ reference: ticket.reference })]);
    const one = await call('GET', `/api/tickets/${ticket.reference}`, { cookie: customer.cookie });
    expect(one.statusCode).toBe(200);
    expect(one.json().messages).toHaveLength(1);
  });

  it('validates the payload and needs a signed-in customer', async () => {
    const customer = await signUp(t.app);
    const invalid = await call('POST', '/api/tickets', {
      cookie: customer.cookie,
      payload: { subject: 'x', category: 'lunch', message: '' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['category', 'message', 'subject']);
    expect((await call('POST', '/api/tickets', { payload: newTicket })).statusCode).toBe(401);
    expect((await call('GET', '/api/tickets')).statusCode).toBe(401);
  });

  it("never shows another customer's ticket: 404 to read it or reply to it", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const { reference } = await openTicketAs(owner.cookie);
    expect(
      (await call('GET', `/api/tickets/${reference}`, { cookie: other.cookie })).statusCode,
    ).toBe(404);
    const reply = await call('POST', `/api/tickets/${reference}/messages`, {
      cookie: other.cookie,
      payload: { message: 'Let me in' },
    });
    expect(reply.statusCode).toBe(404);
    expect((await call('GET', '/api/tickets', { cookie: other.cookie })).json()).toEqual([]);
    const { cookie: admin } = await signInAdmin(t.app);
    // An administrator's session is not a customer's.
    expect((await call('GET', `/api/tickets/${reference}`, { cookie: admin })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/api/tickets/T-NOPE99', { cookie: owner.cookie })).statusCode).toBe(
      404,
    );
  });
});

describe('ticket attachments', () => {
  const screenshot = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const attach = (reference: string, cookie: string, data: Buffer, filename: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/tickets/${reference}/attachments?filename=${encodeURIComponent(filename)}`,
      headers: { cookie, 'content-type': 'application/octet-stream' },
      payload: data,
    });

  it('takes a checked file for the customer and the back office, and refuses what it cannot take', async () => {
    const customer = await signUp(t.app);
    const { reference } = await openTicketAs(customer.cookie);
    const attached = await attach(reference, customer.cookie, screenshot, 'invoice error.png');
    expect(attached.statusCode).toBe(201);
    const [file] = attached.json<{
      attachments: { id: string; filename: string; contentType: string }[];
    }>().attachments;
    expect(file).toMatchObject({ filename: 'invoice error.png', contentType: 'image/png' });

    const own = await call('GET', `/api/tickets/${reference}/attachments/${file!.id}`, {
      cookie: customer.cookie,
    });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(screenshot)).toBe(true);
    const admin = await signInAdmin(t.app);
    const staff = await call('GET', `/api/admin/tickets/${reference}/attachments/${file!.id}`, {
      cookie: admin.cookie,
    });
    expect(staff.statusCode).toBe(200);
    const seen = await call('GET', `/api/admin/tickets/${reference}`, { cookie: admin.cookie });
    expect(seen.json().attachments).toHaveLength(1);

    const stranger = await signUp(t.app);
    expect(
      (
        await call('GET', `/api/tickets/${reference}/attachments/${file!.id}`, {
          cookie: stranger.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect((await attach(reference, stranger.cookie, screenshot, 'x.png')).statusCode).toBe(404);

    const script = await attach(
      reference,
      customer.cookie,
      Buffer.from('#!/bin/sh\x00rm -rf /'),
      'notes.txt',
    );
    expect(script.statusCode).toBe(400);
    expect(script.json().error).toMatch(/cannot be uploaded\. Upload PNG/);
  });

  it('opens a ticket with several files, shown inside its first message; a refused one opens nothing', async () => {
    const customer = await signUp(t.app);
    const files = [
      { filename: 'invoice error.png', content: screenshot.toString('base64') },
      { filename: 'steps.txt', content: Buffer.from('1. Open the invoice\n').toString('base64') },
    ];
    const opened = await openTicketAs(customer.cookie, { files });
    const seen = await call('GET', `/api/tickets/${opened.reference}`, { cookie: customer.cookie });
    const ticket = seen.json<{
      messages: { files: { id: string; filename: string; contentType: string }[] }[];
      attachments: unknown[];
    }>();
    expect(ticket.messages[0]!.files).toMatchObject([
      { filename: 'invoice error.png', contentType: 'image/png' },
      { filename: 'steps.txt', contentType: 'text/plain' },
    ]);
    expect(ticket.attachments).toEqual([]);
    const download = await call(
      'GET',
      `/api/tickets/${opened.reference}/attachments/${ticket.messages[0]!.files[0]!.id}`,
      { cookie: customer.cookie },
    );
    expect(download.rawPayload.equals(screenshot)).toBe(true);
    const admin = await signInAdmin(t.app);
    const staff = await call('GET', `/api/admin/tickets/${opened.reference}`, {
      cookie: admin.cookie,
    });
    expect(staff.json().messages[0].files).toHaveLength(2);

    const before = (await call('GET', '/api/tickets', { cookie: customer.cookie })).json().length;
    const refused = await call('POST', '/api/tickets', {
      cookie: customer.cookie,
      payload: {
        ...newTicket,
        files: [
          ...files,
          { filename: 'tool.exe', content: Buffer.from('MZ\x90\x00\x03').toString('base64') },
        ],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      {
        path: 'files',
        message: expect.stringMatching(/^tool\.exe: This kind of file cannot be uploaded/),
      },
    ]);
    const tooMany = await call('POST', '/api/tickets', {
      cookie: customer.cookie,
      payload: { ...newTicket, files: Array.from({ length: 6 }, () => files[1]) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await call('GET', '/api/tickets', { cookie: customer.cookie })).json()).toHaveLength(
      before,
    );
  });
});

describe('a conversation between a customer and the back office', () => {
  it('assigns, replies, keeps internal notes from the customer and moves the states', async () => {
    const customer = await signUp(t.app, { fullName: 'Sipho Dlamini' });
    const { reference } = await openTicketAs(customer.cookie, { category: 'domains' });
    const admin = await signInAdmin(t.app);
    const colleague = await signInAdmin(t.app);

    const list = await call('GET', '/api/admin/tickets?state=open&category=domains', {
      cookie: admin.cookie,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { reference: string }) => i.reference)).toContain(reference);
    expect(list.json().assignees).toEqual(
      expect.arrayContaining([{ id: colleague.admin.id, name: colleague.admin.name }]),
    );

    const assigned = await call('PATCH', `/api/admin/tickets/${reference}`, {
      cookie: admin.cookie,
      payload: { assigneeId: colleague.admin.id },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().assignee).toEqual({
      id: colleague.admin.id,
      name: colleague.admin.name,
    });
    const mine = await call('GET', `/api/admin/tickets?assignee=${colleague.admin.id}`, {
      cookie: admin.cookie,
    });
    expect(mine.json().items.map((i: { reference: string }) => i.reference)).toEqual([reference]);
    const nobody = await call('GET', '/api/admin/tickets?assignee=unassigned', {
      cookie: admin.cookie,
    });
    expect(nobody.json().items.map((i: { reference: string }) => i.reference)).not.toContain(
      reference,
    );

    const note = await call('POST', `/api/admin/tickets/${reference}/messages`, {
      cookie: admin.cookie,
      payload: {
        message: 'Registrar says the transfer lock is on; ask them for the EPP code.',
        internal: true,
      },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ state: 'open' });
    expect(note.json().messages.at(-1)).toMatchObject({ internal: true, author: 'staff' });
    const outboxBefore = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, customer.email));

    const reply = await call('POST', `/api/admin/tickets/${reference}/messages`, {
      cookie: admin.cookie,
      payload: { message: 'Please send us the EPP code from your current registrar.' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().state).toBe('awaiting_customer');
    const replyMail = await latestMail(t.app, customer.email, `[${reference}] New reply`);
    expect(replyMail.text).toContain('Please send us the EPP code');
    expect(replyMail.text).not.toContain('transfer lock');
    const outboxAfter = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, customer.email));
    expect(outboxAfter.length).toBe(outboxBefore.length + 1);

    // The customer's view: the reply, never the note.
    const seen = await call('GET', `/api/tickets/${reference}`, { cookie: customer.cookie });
    expect(seen.json().state).toBe('awaiting_customer');
    expect(seen.json().messages.map((m: { body: string }) => m.body)).toEqual([
      newTicket.message,
      'Please send us the EPP code from your current registrar.',
    ]);
    expect(JSON.stringify(seen.json())).not.toContain('transfer lock');
    expect(JSON.stringify(seen.json())).not.toContain('internal');

    const answer = await call('POST', `/api/tickets/${reference}/messages`, {
      cookie: customer.cookie,
      payload: { message: 'The EPP code is Xy7-3kP!q' },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().state).toBe('open');
    // The assignee hears of the reply.
    const toAssignee = await latestMail(
      t.app,
      colleague.email,
      `[${reference}] Sipho Dlamini replied`,
    );
    expect(toAssignee.text).toContain('The EPP code is Xy7-3kP!q');

    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, reference));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'ticket.assigned',
      'ticket.note_added',
      'ticket.replied',
    ]);
  });

  it('resolves, reopens on a reply, and closes itself 7 days after resolved', async () => {
    const customer = await signUp(t.app);
    const { reference } = await openTicketAs(customer.cookie, { category: 'website' });
    const admin = await signInAdmin(t.app);
    const patch = (state: string) =>
      call('PATCH', `/api/admin/tickets/${reference}`, {
        cookie: admin.cookie,
        payload: { state },
      });

    const resolved = await patch('resolved');
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().state).toBe('resolved');
    const closesAt = new Date(resolved.json().closesAt).getTime();
    expect(closesAt - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(closesAt - Date.now()).toBeLessThan(7 * 86_400_000 + 60_000);
    const [ticketRow] = await t.app.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.reference, reference));
    const closeJobs = (await jobsNamed(t.app, 'close-resolved-ticket')).filter(
      (job) => job.payload.ticketId === ticketRow!.id,
    );
    expect(closeJobs).toHaveLength(1);
    expect(Math.abs(closeJobs[0]!.runAt.getTime() - closesAt)).toBeLessThan(1000);
    expect((await latestMail(t.app, customer.email, `[${reference}] Resolved`)).text).toContain(
      'reply before',
    );

    // A reply before the 7 days are up opens the ticket again; the job then leaves it alone.
    const reopened = await call('POST', `/api/tickets/${reference}/messages`, {
      cookie: customer.cookie,
      payload: { message: 'Actually the contact page still shows the old number.' },
    });
    expect(reopened.json()).toMatchObject({ state: 'open', closesAt: null });
    await runRetriesNow(t.app);
    expect(
      (await call('GET', `/api/tickets/${reference}`, { cookie: customer.cookie })).json().state,
    ).toBe('open');

    // Resolved again, and 7 days pass.
    await patch('resolved');
    await t.app.database.db
      .update(supportTickets)
      .set({ resolvedAt: sql`now() - interval '7 days 1 minute'` })
      .where(eq(supportTickets.reference, reference));
    await runRetriesNow(t.app);
    const closed = await call('GET', `/api/tickets/${reference}`, { cookie: customer.cookie });
    expect(closed.json().state).toBe('closed');
    const late = await call('POST', `/api/tickets/${reference}/messages`, {
      cookie: customer.cookie,
      payload: { message: 'One more thing' },
    });
    expect(late.statusCode).toBe(409);

    const states = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, reference), eq(auditLog.action, 'ticket.state_changed')));
    expect(states.map((a) => (a.details as { to: string }).to)).toEqual(['resolved', 'resolved']);
  });

  it('counts open tickets on the admin dashboard', async () => {
    const admin = await signInAdmin(t.app);
    const before = (await call('GET', '/api/admin/dashboard', { cookie: admin.cookie })).json()
      .openTickets as number;
    const customer = await signUp(t.app);
    const { reference } = await openTicketAs(customer.cookie);
    const dashboard = await call('GET', '/api/admin/dashboard', { cookie: admin.cookie });
    expect(dashboard.json().openTickets).toBe(before + 1);
    await call('PATCH', `/api/admin/tickets/${reference}`, {
      cookie: admin.cookie,
      payload: { state: 'closed' },
    });
    const after = await call('GET', '/api/admin/dashboard', { cookie: admin.cookie });
    expect(after.json().openTickets).toBe(before);
  });

  it('refuses customers in the back office and unknown assignees', async () => {
    const customer = await signUp(t.app);
    const { reference } = await openTicketAs(customer.cookie);
    expect((await call('GET', '/api/admin/tickets', { cookie: customer.cookie })).statusCode).toBe(
      401,
    );
    const admin = await signInAdmin(t.app);
    const unknown = await call('PATCH', `/api/admin/tickets/${reference}`, {
      cookie: admin.cookie,
      payload: { assigneeId: crypto.randomUUID() },
    });
    expect(unknown.statusCode).toBe(400);
    const empty = await call('PATCH', `/api/admin/tickets/${reference}`, {
      cookie: admin.cookie,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (await call('GET', '/api/admin/tickets/T-NOPE99', { cookie: admin.cookie })).statusCode,
    ).toBe(404);
  });
});

describe('contact-form messages become tickets answered by e-mail', () => {
  it('lets a visitor without an account follow and answer through the mailed link', async () => {
    const visitor = `lerato.${Date.now()}@example.co.za`;
    const sent = await call('POST', '/api/contact', {
      payload: {
        name: 'Lerato Mokoena',
        email: visitor,
        subject: 'Do you build online shops?',
        message: 'I sell handmade candles in Pretoria and need a small online shop with PayFast.',
      },
    });
    expect(sent.statusCode).toBe(201);
    // The kept copy's link has no token; the one delivered over SMTP has it.
    const kept = await latestMail(t.app, visitor, 'We received your message');
    expect(kept.text).toContain('/support/reply?token=TOKEN-MINTED-ON-DELIVERY');
    const first = await smtp.waitFor(visitor, 'We received your message');
    const reference = /\[(T-[A-Z0-9]+)\]/.exec(first.subject)![1]!;
    expect(first.text).toContain('/support/reply?token=');
    const token = tokenFromText(first.text);
    expect(token.length).toBeGreaterThanOrEqual(40);

    const viaLink = await call('GET', `/api/ticket-link?token=${encodeURIComponent(token)}`);
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.json()).toMatchObject({ reference, state: 'open', category: 'other' });
    expect(viaLink.headers['cache-control']).toContain('no-store');

    const admin = await signInAdmin(t.app);
    const page = await call('GET', '/api/admin/tickets', { cookie: admin.cookie });
    const listed = page.json().items.find((i: { reference: string }) => i.reference === reference);
    expect(listed).toMatchObject({ source: 'contact_form', email: visitor, assignee: null });
    await call('POST', `/api/admin/tickets/${reference}/messages`, {
      cookie: admin.cookie,
      payload: { message: 'Yes, only costs R1 500 internal', internal: true },
    });
    await call('POST', `/api/admin/tickets/${reference}/messages`, {
      cookie: admin.cookie,
      payload: { message: 'Yes! Our Business package includes a shop with PayFast.' },
    });

    // Real SMTP: the reply leaves the outbox and reaches the visitor's mail server.
    const delivered = await smtp.waitFor(visitor, `[${reference}] New reply`);
    expect(delivered.text).toContain('Our Business package includes a shop');
    expect(delivered.text).not.toContain('R1 500 internal');
    expect(delivered.html).toContain('/support/reply?token=');
    const secondToken = tokenFromText(delivered.text);
    expect(secondToken).not.toBe(token);

    const seen = await call('GET', `/api/ticket-link?token=${encodeURIComponent(secondToken)}`);
    expect(seen.json().messages.map((m: { author: string }) => m.author)).toEqual([
      'customer',
      'staff',
    ]);
    expect(JSON.stringify(seen.json())).not.toContain('R1 500 internal');

    const answer = await call('POST', '/api/ticket-link/messages', {
      payload: { token, message: 'Great, please send me a quote.' },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().state).toBe('open');
    const notice = await smtp.waitFor(office, `[${reference}] Lerato Mokoena replied`);
    expect(notice.text).toContain('Great, please send me a quote.');

    const wrong = await call('GET', `/api/ticket-link?token=${'x'.repeat(43)}`);
    expect(wrong.statusCode).toBe(404);
    const wrongReply = await call('POST', '/api/ticket-link/messages', {
      payload: { token: 'y'.repeat(43), message: 'Hello?' },
    });
    expect(wrongReply.statusCode).toBe(404);
  });

  it("files a signed-in customer's contact message under their account", async () => {
    const customer = await signUp(t.app);
    const sent = await call('POST', '/api/contact', {
      cookie: customer.cookie,
      payload: {
        name: 'Signed In Customer',
        email: customer.email,
        subject: 'Question about my order',
        message: 'When will my business plan be ready for the bank?',
      },
    });
    expect(sent.statusCode).toBe(201);
    const mine = await call('GET', '/api/tickets', { cookie: customer.cookie });
    expect(mine.json()).toEqual([
      expect.objectContaining({ subject: 'Question about my order', state: 'open' }),
    ]);
    const mail = await latestMail(t.app, customer.email, 'We received your message');
    expect(mail.text).toContain('/user/support/');
    expect(mail.text).not.toContain('token=');
  });
});

describe('POPIA', () => {
  it("exports the customer's tickets without notes, and erases them with the account", async () => {
    const customer = await signUp(t.app);
    const { reference } = await openTicketAs(customer.cookie);
    const admin = await signInAdmin(t.app);
    await call('POST', `/api/admin/tickets/${reference}/messages`, {
      cookie: admin.cookie,
      payload: { message: 'Staff-only remark about this customer', internal: true },
    });
    const exported = await call('GET', '/api/user/export', { cookie: customer.cookie });
    expect(exported.json().supportTickets).toEqual([
      expect.objectContaining({
        reference,
        messages: [expect.objectContaining({ author: 'customer' })],
      }),
    ]);
    expect(exported.body).not.toContain('Staff-only remark');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { cookie: customer.cookie },
      payload: { password: customer.password },
    });
    expect(deleted.statusCode).toBe(200);
    const rows = await t.app.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.reference, reference));
    expect(rows).toHaveLength(0);
  });
});
