/**
 * Mail in: an e-mail to the support address becomes a message on its ticket — found by the
 * signed reply address it was sent to or by the message it answers — or a new ticket. Its own
 * text is kept (quotes and signature trimmed), its files are checked like uploads, and
 * automatic mail (auto-replies, bounces, lists) is dropped unanswered (RFC 3834).
 */
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { admins, supportTicketMessages, supportTickets, users } from '#db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../plugins/errors.ts';
import { sniffUpload } from '../uploads/uploads.service.ts';
import { trimReply } from './mail-reply-trim.ts';
import {
  addCustomerMessage,
  lockTicketRow,
  openTicket,
  ticketForReply,
  type IncomingFile,
  type Row,
  type TicketDeps,
} from './tickets.service.ts';

/** A mail refused in the SMTP exchange: the code and text the sender's server is answered. */
export class MailRefusal extends Error {
  readonly responseCode: number;
  constructor(responseCode: number, message: string) {
    super(message);
    this.responseCode = responseCode;
  }
}

export interface InboundMail {
  /** The envelope sender (MAIL FROM); empty for a bounce (`<>`). */
  envelopeFrom: string;
  /** The envelope recipients (RCPT TO), already known to be ours. */
  recipients: string[];
  parsed: ParsedMail;
}

export type InboundResult =
  { kind: 'dropped'; reason: string } | { kind: 'added' | 'opened'; reference: string };

/** Like the web form's limit; a longer mail is kept up to it. */
const maxBody = 5000;
/** Files one mail may bring; more are listed as not attached. */
const maxFiles = 10;

const headerText = (mail: ParsedMail, name: string): string => {
  const value = mail.headers.get(name);
  if (typeof value === 'string') return value.trim().toLowerCase();
  if (value && typeof value === 'object' && 'value' in value && typeof value.value === 'string') {
    return value.value.trim().toLowerCase();
  }
  return '';
};

/**
 * Why a mail was sent by a machine, if it was (RFC 3834 section 2 and the headers list servers
 * and auto-responders add); such mail is never answered and never becomes a message.
 */
export function automaticReason(mail: ParsedMail, envelopeFrom: string): string | null {
  const autoSubmitted = headerText(mail, 'auto-submitted');
  if (autoSubmitted && autoSubmitted !== 'no') return `Auto-Submitted: ${autoSubmitted}`;
  const precedence = headerText(mail, 'precedence');
  if (['bulk', 'junk', 'list'].includes(precedence)) return `Precedence: ${precedence}`;
  if (envelopeFrom === '') return 'empty envelope sender (a bounce)';
  if (headerText(mail, 'return-path') === '<>') return 'empty Return-Path (a bounce)';
  if (/^(mailer-daemon|postmaster)@/i.test(envelopeFrom)) return `sent by ${envelopeFrom}`;
  if (headerText(mail, 'content-type') === 'multipart/report') return 'a delivery report';
  for (const name of ['x-autoreply', 'x-autorespond', 'list-id', 'list-unsubscribe']) {
    if (mail.headers.has(name)) return `${name} header`;
  }
  return null;
}

/** The mail's files that pass the upload checks, and a line for each one that does not. */
async function checkedFiles(mail: ParsedMail): Promise<{ files: IncomingFile[]; notes: string[] }> {
  const files: IncomingFile[] = [];
  const notes: string[] = [];
  // Pictures inside an HTML body (a logo in a signature) are part of the layout, not files.
  for (const attachment of mail.attachments.filter((a) => !a.related)) {
    const filename = attachment.filename ?? 'file';
    if (files.length >= maxFiles) {
      notes.push(`${filename}: not attached (at most ${maxFiles} files per e-mail)`);
      continue;
    }
    try {
      await sniffUpload(attachment.content);
      files.push({ filename, data: attachment.content });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      notes.push(`${filename}: not attached. ${error.message}`);
    }
  }
  return { files, notes };
}

/** The body kept for the thread: the new text, then a line per file left out. */
function messageBody(text: string, notes: string[]): string {
  const own = trimReply(text) || text.trim();
  const cut = own.length > maxBody ? `${own.slice(0, maxBody - 1)}…` : own;
  return [cut, ...notes.map((note) => `[${note}]`)].filter(Boolean).join('\n\n');
}

async function ticketByReference(deps: TicketDeps, reference: string): Promise<Row | undefined> {
  const [row] = await deps.db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.reference, reference));
  return row && ticketForReply(deps.db, row);
}

/** Whether the sender is the ticket's customer: its address, or its account's. */
async function isTicketsCustomer(deps: TicketDeps, row: Row, sender: string): Promise<boolean> {
  if (row.email.toLowerCase() === sender) return true;
  if (!row.userId) return false;
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  return user?.email.toLowerCase() === sender;
}

const subjectOf = (mail: ParsedMail): string => {
  const subject = (mail.subject ?? '').replace(/^((re|fwd?|aw|sv)\s*:\s*)+/i, '').trim();
  return subject.length >= 3 ? subject.slice(0, 150) : 'E-mail to support';
};

/** Receives one mail for the support desk; throws a MailRefusal for what the sender must hear. */
export async function receiveTicketMail(
  deps: TicketDeps,
  mail: InboundMail,
): Promise<InboundResult> {
  const { parsed } = mail;
  const automatic = automaticReason(parsed, mail.envelopeFrom);
  if (automatic) return { kind: 'dropped', reason: automatic };
  const from = parsed.from?.value[0];
  const sender = from?.address?.trim().toLowerCase();
  if (!sender || !sender.includes('@')) {
    throw new MailRefusal(550, '5.1.7 The message has no sender address');
  }
  // Our own mail coming back (a forward loop): never a message.
  if (deps.threads.isOurs(sender) || sender === deps.config.site.contactEmail.toLowerCase()) {
    return { kind: 'dropped', reason: `sent from our own address ${sender}` };
  }
  const messageId = parsed.messageId?.trim().slice(0, 998) || null;
  if (messageId && (await alreadyReceived(deps, messageId))) {
    return { kind: 'dropped', reason: `already received (${messageId})` };
  }
  try {
    return await takeIn(deps, mail, { sender, fromName: from?.name, messageId });
  } catch (error) {
    // The same mail through the other way in, at the same moment: the first one holds it.
    if (messageId && isUniqueViolation(error, messageIdIndex)) {
      return { kind: 'dropped', reason: `already received (${messageId})` };
    }
    throw error;
  }
}

const messageIdIndex = 'support_ticket_messages_mail_message_id_idx';

async function alreadyReceived(deps: TicketDeps, messageId: string): Promise<boolean> {
  const [seen] = await deps.db
    .select({ id: supportTicketMessages.id })
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.mailMessageId, messageId))
    .limit(1);
  return seen !== undefined;
}

/** A mail from a person: a message in its ticket, or a new ticket. */
async function takeIn(
  deps: TicketDeps,
  mail: InboundMail,
  { sender, fromName, messageId }: { sender: string; fromName?: string; messageId: string | null },
): Promise<InboundResult> {
  const { parsed } = mail;
  const { files, notes } = await checkedFiles(parsed);
  const body = messageBody(parsed.text ?? '', notes);
  if (body === '' && files.length === 0) {
    throw new MailRefusal(550, '5.6.0 The message has no text');
  }

  const reference =
    mail.recipients.map((to) => deps.threads.referenceOfAddress(to)).find(Boolean) ??
    deps.threads.referenceOfMessageIds([
      ...(parsed.inReplyTo ? [parsed.inReplyTo] : []),
      ...[parsed.references ?? []].flat(),
    ]);
  const ticket = reference ? await ticketByReference(deps, reference) : undefined;
  if (ticket && ticket.state !== 'closed' && (await isTicketsCustomer(deps, ticket, sender))) {
    await deps.db.transaction(async (tx) =>
      addCustomerMessage(tx, deps, await lockTicketRow(tx, ticket.id), {
        message: body,
        files,
        mailMessageId: messageId,
      }),
    );
    return { kind: 'added', reference: ticket.reference };
  }
  if (ticket) {
    const [admin] = await deps.db
      .select({ id: admins.id })
      .from(admins)
      .where(sql`lower(${admins.email}) = ${sender}`);
    if (admin) {
      throw new MailRefusal(550, '5.7.1 Staff answer tickets in the back office, not by e-mail');
    }
  }

  // Anyone else, or a closed ticket's customer: a new ticket, the customer's if the address
  // has an account.
  const [account] = await deps.db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(sql`lower(${users.email}) = ${sender}`);
  const followUp = ticket?.state === 'closed' ? `(Follows up ticket ${ticket.reference}.)\n\n` : '';
  const opened = await openTicket(deps, {
    userId: account?.id ?? null,
    name: account?.fullName ?? (fromName?.trim() || sender.split('@')[0]!),
    email: sender,
    subject: subjectOf(parsed),
    category: 'other',
    message: `${followUp}${body}` || '(files only)',
    files,
    mailMessageId: messageId,
    source: 'email',
    ip: null,
  });
  return { kind: 'opened', reference: opened.reference };
}
