import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '#db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { startDovecot } from '../../../../tests/helpers/dovecot.ts';
import { controlledClock } from '../../../../tests/helpers/clock.ts';
import { jobsNamed } from '../../../../tests/helpers/jobs.ts';
import { startSmtpCatcher } from '../../../../tests/helpers/smtp-catcher.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let dovecot: Awaited<ReturnType<typeof startDovecot>>;
/** The mail server's side: delivers into the mailbox and reads its flags. */
let mailbox: ImapFlow;
let clock: ReturnType<typeof controlledClock> | undefined;
const office = 'office@example.co.za';

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  dovecot = await startDovecot();
  t = await createTestApp({
    CONTACT_EMAIL: office,
    SMTP_URL: smtp.url,
    TICKET_REPLY_ADDRESS: dovecot.user,
    INBOUND_IMAP_URL: dovecot.url,
  });
  await t.app.ready();
  mailbox = new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  await mailbox.connect();
});
afterAll(async () => {
  clock?.stop();
  await mailbox.logout();
  await t.close();
  await dovecot.stop();
  await smtp.close();
});

/** A mail as the support address's mail server files it: with its envelope in the headers. */
const delivered = (lines: string[]) => [`Delivered-To: ${dovecot.user}`, ...lines].join('\r\n');

/** The unread mails' ids, seen from a session of their own (as a mail program would). */
const unread = async () => {
  const reader = new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  await reader.connect();
  try {
    await reader.mailboxOpen('INBOX', { readOnly: true });
    return (await reader.search({ seen: false }, { uid: true })) || [];
  } finally {
    await reader.logout();
  }
};

describe('ticket mail in (IMAP, Dovecot)', () => {
  it('reads the mailbox on a schedule: replies land trimmed, auto-replies never, strangers open a ticket', async () => {
    expect(await jobsNamed(t.app, 'poll-support-mailbox')).toHaveLength(1);
    const customer = await signUp(t.app, { fullName: 'Thandi Nkosi' });
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: { cookie: customer.cookie },
      payload: { subject: 'Invoice question', category: 'billing', message: 'Which VAT number?' },
    });
    const { reference } = opened.json<{ reference: string }>();
    const confirmation = await smtp.waitFor(customer.email, reference);
    const messageId = confirmation.headers.get('message-id') as string;

    await mailbox.append(
      'INBOX',
      delivered([
        `Return-Path: <${customer.email}>`,
        `From: Thandi Nkosi <${customer.email}>`,
        `To: ${dovecot.user}`,
        `Subject: Re: ${confirmation.subject}`,
        `In-Reply-To: ${messageId}`,
        `References: ${messageId}`,
        '',
        'It is 4123456789.',
        '',
        `On Mon, 2 Mar 2026 at 10:00, Sebenza Digital <${dovecot.user}> wrote:`,
        '> Which VAT number?',
      ]),
    );
    await mailbox.append(
      'INBOX',
      delivered([
        `Return-Path: <${customer.email}>`,
        `From: ${customer.email}`,
        `To: ${dovecot.user}`,
        'Subject: Out of office',
        'Auto-Submitted: auto-replied',
        `In-Reply-To: ${messageId}`,
        '',
        'I am away until Monday.',
      ]),
    );
    await mailbox.append(
      'INBOX',
      delivered([
        'Return-Path: <sipho@example.org>',
        'From: Sipho Dlamini <sipho@example.org>',
        `To: ${dovecot.user}`,
        'Subject: Do you build online shops?',
        '',
        'We sell shoes in Soweto.',
      ]),
    );
    expect(await unread()).toHaveLength(3);

    // The queued read runs when its minute comes, as the runner runs it.
    const ticking = controlledClock(t.app);
    clock = ticking;
    await ticking.moveTo(new Date(ticking.now.getTime() + 60_000));
    const ticket = await t.app.inject({
      method: 'GET',
      url: `/api/tickets/${reference}`,
      headers: { cookie: customer.cookie },
    });
    expect(ticket.json<{ messages: { body: string }[] }>().messages.map((m) => m.body)).toEqual([
      'Which VAT number?',
      'It is 4123456789.',
    ]);
    await smtp.waitFor(office, `${reference}] Thandi Nkosi replied`);
    const [stranger] = await t.app.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.email, 'sipho@example.org'));
    expect(stranger).toMatchObject({ source: 'email', userId: null, name: 'Sipho Dlamini' });
    expect(await unread()).toEqual([]);
    // The next read is queued, and finds nothing new.
    const polls = await jobsNamed(t.app, 'poll-support-mailbox');
    expect(polls.filter((job) => job.status === 'queued')).toHaveLength(1);
    await ticking.moveTo(new Date(ticking.now.getTime() + 60_000));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/tickets/${reference}`,
          headers: { cookie: customer.cookie },
        })
      ).json().messages,
    ).toHaveLength(2);
  });
});
