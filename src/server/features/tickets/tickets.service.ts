import type { FastifyReply } from 'fastify';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  type MailLinkToken,
  supportTicketLinks,
  supportTicketMessages,
  supportTickets,
} from '#db/schema/index.ts';
import type { Ticket, TicketCategory, TicketSummary } from '#shared/tickets.schemas.ts';
import { departmentFor } from '#shared/ticket-desk.schemas.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newReference } from '../../lib/references.ts';
import { hashToken } from '../../lib/secure-token.ts';
import { tokenMintedOnDelivery } from '#shared/mail-links.ts';
import { unmintedTokenHash } from '../../integrations/mail/mail-links.ts';
import { sendUpload, storeUpload } from '../uploads/uploads.service.ts';
import { AppError } from '../../plugins/errors.ts';
import { ticketOpenedMail } from './ticket-mails.ts';
import { alertStaff } from './ticket-staff-alerts.ts';
import type { TicketThreads } from './ticket-mail-thread.ts';
import { customerView, notFound, toSummary } from './ticket-views.ts';

// Other features that open tickets (the contact form) build the mail threads through here.
export { createTicketThreads } from './ticket-mail-thread.ts';

export type Row = typeof supportTickets.$inferSelect;

export interface TicketDeps {
  db: Db;
  config: Pick<Config, 'site' | 'publicUrl'>;
  /** The reply address and thread of each ticket mail. */
  threads: TicketThreads;
}

/** A file that comes with a message: checked and kept like any upload. */
export interface IncomingFile {
  filename: string;
  data: Buffer;
}

/**
 * Where the customer follows the ticket: their account's page, or — for a visitor without an
 * account — a reply link with a fresh unguessable token (only its hash is stored).
 */
export async function customerLink(
  tx: Tx,
  config: TicketDeps['config'],
  row: Row,
): Promise<{ url: string; linkToken?: MailLinkToken }> {
  if (row.userId) {
    return { url: `${config.publicUrl}/user/support/${encodeURIComponent(row.reference)}` };
  }
  const [link] = await tx
    .insert(supportTicketLinks)
    .values({ tokenHash: unmintedTokenHash(), ticketId: row.id })
    .returning({ id: supportTicketLinks.id });
  return {
    url: `${config.publicUrl}/support/reply?token=${tokenMintedOnDelivery}`,
    linkToken: { kind: 'ticket_link', id: link!.id },
  };
}

/** Keeps the files of a customer's message, shown inside it (each checked like an upload). */
async function storeMessageFiles(
  tx: Tx,
  ticketId: string,
  ticketMessageId: string,
  files: readonly IncomingFile[],
): Promise<void> {
  for (const file of files) {
    try {
      await storeUpload(tx, {
        owner: { ticketId },
        purpose: 'attachment',
        filename: file.filename,
        data: file.data,
        uploadedBy: 'customer',
        ticketMessageId,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Which of the files was refused, under the form's file field.
      const message = `${file.filename}: ${error.message}`;
      throw new AppError(error.code, { message, issues: [{ path: 'files', message }] });
    }
  }
}

/**
 * Opens a ticket with its first message and its files, the customer's confirmation (with the
 * way back to it) and the company's notification, in one transaction: a refused file opens
 * nothing. The confirmation of a ticket opened by e-mail is an automatic reply (RFC 3834).
 */
export async function openTicket(
  { db, config, threads }: TicketDeps,
  input: {
    userId: string | null;
    name: string;
    email: string;
    phone?: string | null | undefined;
    subject: string;
    category: TicketCategory;
    message: string;
    files?: readonly IncomingFile[];
    /** The Message-ID of the e-mail that opened it (source `email`). */
    mailMessageId?: string | null;
    source: Row['source'];
    ip: string | null;
  },
): Promise<Ticket> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(supportTickets)
          .values({
            reference: newReference('T', 6),
            userId: input.userId,
            name: input.name,
            email: input.email,
            phone: input.phone ?? null,
            subject: input.subject,
            category: input.category,
            departmentId: departmentFor(input),
            source: input.source,
            ip: input.ip,
          })
          .returning();
        const [message] = await tx
          .insert(supportTicketMessages)
          .values({
            ticketId: row!.id,
            author: 'customer',
            authorName: input.name,
            body: input.message,
            mailMessageId: input.mailMessageId ?? null,
          })
          .returning({ id: supportTicketMessages.id });
        await storeMessageFiles(tx, row!.id, message!.id, input.files ?? []);
        const link = await customerLink(tx, config, row!);
        await queueMail(tx, {
          to: row!.email,
          userId: row!.userId,
          ...ticketOpenedMail(config, { ...row!, message: input.message }, link.url),
          linkToken: link.linkToken,
          ...threads.outgoing(
            row!.reference,
            input.source === 'email' ? 'auto-replied' : 'auto-generated',
          ),
        });
        await alertStaff(tx, { config, threads }, row!, input.message, true);
        return customerView(tx, row!);
      });
    } catch (error) {
      // A reference already taken (one in a billion): draw another.
      if (isUniqueViolation(error, 'support_tickets_reference_unique') && attempt < 3) continue;
      throw error;
    }
  }
}

/** The customer's tickets, most recently active first. */
export async function listCustomerTickets(db: Db, userId: string): Promise<TicketSummary[]> {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.updatedAt))
    .limit(200);
  return rows.map(toSummary);
}

/** Who may read a ticket: its customer (by account), or whoever holds one of its mailed links. */
export type TicketHolder = { userId: string } | { token: string };

async function findHeldTicket(tx: Db | Tx, holder: TicketHolder, reference?: string) {
  if ('userId' in holder) {
    const [row] = await tx
      .select()
      .from(supportTickets)
      .where(
        and(
          eq(supportTickets.reference, reference ?? ''),
          eq(supportTickets.userId, holder.userId),
        ),
      );
    return row;
  }
  const [found] = await tx
    .select({ ticket: supportTickets })
    .from(supportTicketLinks)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketLinks.ticketId))
    .where(eq(supportTicketLinks.tokenHash, hashToken(holder.token)));
  return found?.ticket;
}

/** One ticket with its conversation; someone else's ticket is as absent as a missing one (404). */
export async function readCustomerTicket(
  db: Db,
  holder: TicketHolder,
  reference?: string,
): Promise<Ticket> {
  const row = await findHeldTicket(db, holder, reference);
  if (!row) throw notFound();
  return customerView(db, row);
}

/**
 * A customer's message on a ticket locked by the caller, with its files: the ticket opens again
 * (a resolved one stays open, cancelling its closing), and the assignee or the company is
 * e-mailed. A closed ticket takes no more messages.
 */
export async function addCustomerMessage(
  tx: Tx,
  { config, threads }: Omit<TicketDeps, 'db'>,
  row: Row,
  input: { message: string; files?: readonly IncomingFile[]; mailMessageId?: string | null },
): Promise<Ticket> {
  if (row.state === 'closed') {
    throw new AppError('CONFLICT', {
      message: 'This ticket is closed. Please open a new one and mention its number.',
    });
  }
  const [message] = await tx
    .insert(supportTicketMessages)
    .values({
      ticketId: row.id,
      author: 'customer',
      authorName: row.name,
      body: input.message,
      mailMessageId: input.mailMessageId ?? null,
    })
    .returning({ id: supportTicketMessages.id });
  await storeMessageFiles(tx, row.id, message!.id, input.files ?? []);
  const [updated] = await tx
    .update(supportTickets)
    .set({ state: 'open', resolvedAt: null, closeWarnedAt: null, updatedAt: sql`now()` })
    .where(eq(supportTickets.id, row.id))
    .returning();
  await alertStaff(tx, { config, threads }, updated!, input.message, false);
  return customerView(tx, updated!);
}

/** Locks a ticket for a change (a message, a state) made in the caller's transaction. */
export async function lockTicketRow(tx: Tx, ticketId: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.id, ticketId))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * The ticket a customer's message for `row` goes to: a merged ticket's go on to the one it was
 * merged into (and on, should that one have been merged since).
 */
export async function ticketForReply(tx: Db | Tx, row: Row): Promise<Row> {
  let current = row;
  for (let hops = 0; current.mergedIntoId && hops < 10; hops += 1) {
    const [next] = await tx
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, current.mergedIntoId));
    if (!next) break;
    current = next;
  }
  return current;
}

/** The customer's reply in the customer area or through a mailed link. */
export async function replyAsCustomer(
  { db, ...deps }: TicketDeps,
  holder: TicketHolder,
  input: { reference?: string; message: string },
): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const held = await findHeldTicket(tx, holder, input.reference);
    if (!held) throw notFound();
    // Locked before following a merge: one of this ticket still under way has finished by now.
    const locked = await lockTicketRow(tx, held.id);
    const target = await ticketForReply(tx, locked);
    const row = target.id === locked.id ? locked : await lockTicketRow(tx, target.id);
    return addCustomerMessage(tx, deps, row, input);
  });
}

/** Tickets someone still has to act on (open or awaiting the customer): the dashboard's figure. */
export async function countOpenTickets(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportTickets)
    .where(inArray(supportTickets.state, ['open', 'awaiting_customer']));
  return row?.n ?? 0;
}

/** POPIA access request: the customer's tickets as they see them (no internal notes). */
export async function exportCustomerTickets(db: Db, userId: string): Promise<Ticket[]> {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt));
  return Promise.all(rows.map((row) => customerView(db, row)));
}

/** POPIA deletion: the customer's tickets are erased with their messages and reply links. */
export async function deleteCustomerTickets(tx: Db | Tx, userId: string): Promise<void> {
  await tx.delete(supportTickets).where(eq(supportTickets.userId, userId));
}

/** A file the customer attaches to their ticket (checked by its content); not to a closed one. */
export async function attachToTicket(
  db: Db,
  input: { userId: string; reference: string; filename: string; data: Buffer },
): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const row = await findHeldTicket(tx, { userId: input.userId }, input.reference);
    if (!row) throw notFound();
    if (row.state === 'closed') {
      throw new AppError('CONFLICT', {
        message: 'This ticket is closed. Open a new ticket to send us a file.',
      });
    }
    await storeUpload(tx, {
      owner: { ticketId: row.id },
      purpose: 'attachment',
      filename: input.filename,
      data: input.data,
      uploadedBy: 'customer',
    });
    const [touched] = await tx
      .update(supportTickets)
      .set({ updatedAt: sql`now()` })
      .where(eq(supportTickets.id, row.id))
      .returning();
    return customerView(tx, touched!);
  });
}

/** One of a ticket's attachments as a download: the customer's own ticket, or any for staff. */
export async function sendTicketAttachment(
  db: Db,
  reply: FastifyReply,
  input: { userId: string | null; reference: string; fileId: string },
) {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.reference, input.reference),
        ...(input.userId === null ? [] : [eq(supportTickets.userId, input.userId)]),
      ),
    );
  if (!row) throw notFound();
  return sendUpload(db, reply, { ticketId: row.id }, input.fileId);
}
