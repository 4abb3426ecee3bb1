import { count, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, supportTicketMessages, supportTickets, uploads } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { freePort } from '../../../../tests/helpers/free-port.ts';
import { startSmtpCatcher, type CaughtMail } from '../../../../tests/helpers/smtp-catcher.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let inbound: Mail;
const office = 'office@example.co.za';
const support = 'help@desk.example.co.za';

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const port = await freePort();
  t = await createTestApp({
    CONTACT_EMAIL: office,
    SMTP_URL: smtp.url,
    TICKET_REPLY_ADDRESS: support,
    INBOUND_SMTP_PORT: String(port),
    INBOUND_SMTP_MAX_MB: '1',
  });
  await t.app.ready();
  // The customer's mail server handing mail to our receiver: a real SMTP exchange.
  inbound = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 5000,
  });
});
afterAll(async () => {
  inbound.close();
  await t.close();
  await smtp.close();
});

type Ticket = {
  reference: string;
  state: string;
  messages: { body: string; author: string; files: { filename: string }[] }[];
};

async function openTicket() {
  const customer = await signUp(t.app, { fullName: 'Thandi Nkosi' });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: { cookie: customer.cookie },
    payload: { subject: 'Invoice question', category: 'billing', message: 'Which VAT number?' },
  });
  expect(response.statusCode).toBe(201);
  const ticket = response.json<Ticket>();
  const confirmation = await smtp.waitFor(customer.email, ticket.reference);
  return { customer, ticket, confirmation };
}

const readTicket = async (cookie: string, reference: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/tickets/${reference}`, headers: { cookie } })
  ).json<Ticket>();

const replyTo = (mail: CaughtMail) =>
  (mail.headers.get('reply-to') as { value: { address: string }[] }).value[0]!.address;

const outboxSize = async () =>
  (await t.app.database.db.select({ n: count() }).from(mailOutbox))[0]!.n;

describe('ticket mail out', () => {
  it('carries a signed reply address, one thread per ticket and Auto-Submitted', async () => {
    const { ticket, confirmation } = await openTicket();
    const staff = await smtp.waitFor(office, ticket.reference);
    const tag = ticket.reference.toLowerCase();
    for (const mail of [confirmation, staff]) {
      expect(replyTo(mail)).toMatch(
        new RegExp(`^help\\+${tag}-[0-9a-f]{20}@desk\\.example\\.co\\.za$`),
      );
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      const root = `<${replyTo(mail).split('+')[1]!.split('@')[0]}@desk.example.co.za>`;
      expect(mail.headers.get('in-reply-to')).toBe(root);
      expect(mail.headers.get('references')).toBe(root);
      expect(mail.headers.get('message-id')).toMatch(new RegExp(`^<${tag}-[0-9a-f]{20}\\.`));
    }
    expect(confirmation.headers.get('message-id')).not.toBe(staff.headers.get('message-id'));
  });
});

describe('ticket mail in (SMTP)', () => {
  it('puts a reply to the reply address in the thread, trimmed, and alerts the staff', async () => {
    const { customer, ticket, confirmation } = await openTicket();
    await inbound.sendMail({
      from: `Thandi Nkosi <${customer.email}>`,
      to: replyTo(confirmation),
      subject: `Re: ${confirmation.subject}`,
      text: [
        'It is 4123456789, thanks.',
        '',
        'On Mon, 2 Mar 2026 at 10:00, Sebenza Digital <help@desk.example.co.za>',
        'wrote:',
        '> Which VAT number?',
        '',
        '-- ',
        'Thandi',
      ].join('\r\n'),
    });
    const seen = await readTicket(customer.cookie, ticket.reference);
    expect(seen.messages.at(-1)).toMatchObject({
      author: 'customer',
      body: 'It is 4123456789, thanks.',
    });
    const alert = await smtp.waitFor(office, `${ticket.reference}] Thandi Nkosi replied`);
    expect(alert.text).toContain('It is 4123456789, thanks.');
  });

  it('finds the ticket by In-Reply-To alone, and keeps checked files in the message', async () => {
    const { customer, ticket, confirmation } = await openTicket();
    await inbound.sendMail({
      from: customer.email,
      to: support,
      subject: 'Re: the invoice',
      inReplyTo: confirmation.headers.get('message-id') as string,
      text: 'Here is the statement.\n\nSent from my iPhone',
      attachments: [
        { filename: 'statement.txt', content: 'Balance: R 1 200,00\n' },
        // An executable: refused like any upload of it.
        {
          filename: 'invoice.exe',
          content: Buffer.from('4d5a90000300000004000000ffff0000', 'hex'),
        },
      ],
    });
    const last = (await readTicket(customer.cookie, ticket.reference)).messages.at(-1)!;
    expect(last.body).toMatch(/^Here is the statement\.\n\n\[invoice\.exe: not attached\. /);
    expect(last.files.map((f) => f.filename)).toEqual(['statement.txt']);
    const [row] = await t.app.database.db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(eq(supportTickets.reference, ticket.reference));
    const kept = await t.app.database.db
      .select({ filename: uploads.filename })
      .from(uploads)
      .where(eq(uploads.ticketId, row!.id));
    expect(kept).toEqual([{ filename: 'statement.txt' }]);
  });

  it('refuses a reply address with a forged signature in the SMTP exchange', async () => {
    const { customer, ticket } = await openTicket();
    const forged = `help+${ticket.reference.toLowerCase()}-${'0'.repeat(20)}@desk.example.co.za`;
    await expect(
      inbound.sendMail({ from: customer.email, to: forged, subject: 'Hi', text: 'Let me in' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      inbound.sendMail({ from: customer.email, to: 'root@example.co.za', text: 'relay?' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect((await readTicket(customer.cookie, ticket.reference)).messages).toHaveLength(1);
  });

  it('refuses a mail over INBOUND_SMTP_MAX_MB with 552', async () => {
    const { customer, confirmation } = await openTicket();
    await expect(
      inbound.sendMail({
        from: customer.email,
        to: replyTo(confirmation),
        subject: 'Big scan',
        text: 'Attached.',
        attachments: [{ filename: 'scan.txt', content: 'x'.repeat(1200 * 1024) }],
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
  });

  it('drops auto-replies and bounces without a message or a mail out', async () => {
    const { customer, ticket, confirmation } = await openTicket();
    await smtp.waitFor(office, ticket.reference);
    const before = await outboxSize();
    await inbound.sendMail({
      from: customer.email,
      to: replyTo(confirmation),
      subject: 'Out of office',
      headers: { 'Auto-Submitted': 'auto-replied' },
      text: 'I am away until Monday.',
    });
    // A delivery report from a mail server: empty envelope sender, multipart/report.
    await inbound.sendMail({
      envelope: { from: '', to: [replyTo(confirmation)] },
      from: 'Mail Delivery System <MAILER-DAEMON@mx.example.org>',
      to: replyTo(confirmation),
      subject: 'Undelivered Mail Returned to Sender',
      text: 'This is the mail system. Your message could not be delivered.',
    });
    expect((await readTicket(customer.cookie, ticket.reference)).messages).toHaveLength(1);
    expect(await outboxSize()).toBe(before);
  });

  it('opens a guest ticket for an unknown sender, and answers it as an automatic reply', async () => {
    await inbound.sendMail({
      from: 'Sipho Dlamini <sipho@example.org>',
      to: support,
      subject: 'Do you build online shops?',
      text: 'We sell shoes in Soweto and need a shop.',
    });
    const [row] = await t.app.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.email, 'sipho@example.org'));
    expect(row).toMatchObject({
      userId: null,
      name: 'Sipho Dlamini',
      source: 'email',
      subject: 'Do you build online shops?',
    });
    const confirmation = await smtp.waitFor('sipho@example.org', row!.reference);
    expect(confirmation.text).toContain('/support/reply?token=');
    expect(confirmation.headers.get('auto-submitted')).toBe('auto-replied');
    await smtp.waitFor(office, `${row!.reference}] New ticket`);
  });

  it('takes a mail that arrives twice (one Message-ID) once: one ticket, one reply', async () => {
    const messageId = `<twice-${Date.now()}@mail.example.org>`;
    const first = {
      from: 'Bongani Mthembu <bongani@example.org>',
      to: support,
      subject: 'Hosting for my practice',
      text: 'Do you host sites for medical practices?',
      messageId,
    };
    await inbound.sendMail(first);
    await inbound.sendMail(first);
    const opened = await t.app.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.email, 'bongani@example.org'));
    expect(opened).toHaveLength(1);
    const confirmation = await smtp.waitFor('bongani@example.org', opened[0]!.reference);

    // The answer to it, delivered twice as a mail server retrying may: one message.
    const reply = {
      from: 'bongani@example.org',
      to: replyTo(confirmation),
      subject: `Re: ${confirmation.subject}`,
      text: 'Also e-mail for three people.',
      messageId: `<reply-${Date.now()}@mail.example.org>`,
    };
    await inbound.sendMail(reply);
    await inbound.sendMail(reply);
    const messages = await t.app.database.db
      .select({ n: count() })
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.ticketId, opened[0]!.id));
    expect(messages[0]!.n).toBe(2);
  });

  it("gives mail from a customer's address to the plain support address to their account", async () => {
    const customer = await signUp(t.app, { fullName: 'Lerato Mokoena' });
    await inbound.sendMail({
      from: customer.email.toUpperCase(),
      to: support,
      subject: 'Domain transfer',
      text: 'Please move my domain to you.',
    });
    const [row] = await t.app.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.userId, customer.user.id));
    expect(row).toMatchObject({ name: 'Lerato Mokoena', source: 'email' });
  });
});
