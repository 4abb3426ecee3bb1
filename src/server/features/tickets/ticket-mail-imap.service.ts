/**
 * The IMAP way in for ticket mail (INBOUND_IMAP_URL): a mailbox the support address delivers to
 * is read every INBOUND_IMAP_EVERY_SECONDS, each unread mail taken in as the SMTP receiver takes
 * one, then marked read. Nothing is ever sent back to a refused or automatic mail: there is no
 * SMTP exchange to answer, and a bounce of our own could loop.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ParsedMail } from 'mailparser';
import type { ImapMailbox } from '../../config.ts';
import { MailRefusal, receiveTicketMail } from './ticket-mail-in.service.ts';
import type { TicketDeps } from './tickets.service.ts';

/** Mails taken per poll; the rest wait for the next one. */
const perPoll = 50;

/** Who the delivering server says the mail was for, else its To and Cc: those that are ours. */
function recipientsOf(deps: TicketDeps, mail: ParsedMail): string[] {
  const delivered = ['delivered-to', 'x-original-to']
    .map((name) => mail.headers.get(name))
    .filter((value): value is string => typeof value === 'string');
  const listed = [mail.to, mail.cc]
    .flat()
    .flatMap((group) => group?.value ?? [])
    .map((address) => address.address ?? '');
  const ours = [...delivered, ...listed].filter((address) => deps.threads.isOurs(address));
  // The mailbox is the support address's own: mail to it (a Bcc) is mail to support.
  return ours.length > 0 ? ours : [deps.threads.supportAddress];
}

/** The envelope sender as the delivering server recorded it (Return-Path); `<>` for a bounce. */
function envelopeFromOf(mail: ParsedMail): string {
  const returnPath = mail.headers.get('return-path');
  const text =
    typeof returnPath === 'string'
      ? returnPath
      : returnPath && typeof returnPath === 'object' && 'text' in returnPath
        ? String(returnPath.text)
        : undefined;
  if (text === undefined) return mail.from?.value[0]?.address ?? '';
  return text.replace(/[<>\s]/g, '');
}

/** Reads the mailbox once: every unread mail taken in and marked read; answers how many. */
export async function pollSupportMailbox(
  deps: TicketDeps,
  mailbox: ImapMailbox,
  log: FastifyBaseLogger,
): Promise<number> {
  const [{ ImapFlow }, { simpleParser }] = await Promise.all([
    import('imapflow'),
    import('mailparser'),
  ]);
  const client = new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    auth: { user: mailbox.user, pass: mailbox.password },
    logger: false,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  // A dropped connection is reported by the call that was using it.
  client.on('error', (error: Error) => log.warn({ err: error }, 'support mailbox connection'));
  await client.connect();
  let taken = 0;
  try {
    const lock = await client.getMailboxLock(mailbox.mailbox);
    try {
      const unread = (await client.search({ seen: false }, { uid: true })) || [];
      for (const uid of unread.slice(0, perPoll)) {
        const message = await client.fetchOne(
          String(uid),
          { source: true, size: true },
          { uid: true },
        );
        if (!message || !message.source) continue;
        if ((message.size ?? message.source.length) > mailbox.maxBytes) {
          log.warn({ uid }, 'support mailbox: a mail over INBOUND_SMTP_MAX_MB left unread');
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          continue;
        }
        const parsed = await simpleParser(message.source, {
          skipTextToHtml: true,
          keepCidLinks: true,
        });
        try {
          const result = await receiveTicketMail(deps, {
            envelopeFrom: envelopeFromOf(parsed),
            recipients: recipientsOf(deps, parsed),
            parsed,
          });
          log.info({ mail: result, uid }, 'support mail read from the mailbox');
        } catch (error) {
          // Refused for good: kept in the mailbox (read) for a person to look at, never answered.
          if (!(error instanceof MailRefusal)) throw error;
          log.warn({ uid, refusal: error.message }, 'support mailbox: a mail was not taken in');
        }
        await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        taken += 1;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return taken;
}
