import type { FastifyReply } from 'fastify';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  admins,
  type MailLinkToken,
  supportTicketLinks,
  supportTicketMessages,
  supportTickets,
} from '#db/schema/index.ts';
import {
  autoCloseDays,
  type Ticket,
  type TicketCategory,
  type TicketMessage,
  type TicketSummary,
} from '#shared/tickets.schemas.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { newReference } from '../../lib/references.ts';
import { hashToken } from '../../lib/secure-token.ts';
import { tokenMintedOnDelivery } from '#shared/mail-links.ts';
import { unmintedTokenHash } from '../../integrations/mail/mail-links.ts';
import { listUploads, sendUpload, storeUpload } from '../uploads/uploads.service.ts';
import { AppError } from '../../plugins/errors.ts';
import { ticketOpenedMail, ticketToStaffMail } from './ticket-mails.ts';

export type Row = typeof supportTickets.$inferSelect;
type MessageRow = typeof supportTicketMessages.$inferSelect;

export interface TicketDeps {
  db: Db;
  config: Pick<Config, 'site' | 'publicUrl'>;
}

const dayMs = 24 * 60 * 60 * 1000;
export const closesAt = (row: Row): Date | null =>
  row.state === 'resolved' && row.resolvedAt
    ? new Date(row.resolvedAt.getTime() + autoCloseDays * dayMs)
    : null;

export const notFound = () => new AppError('NOT_FOUND', { message: 'That ticket does not exist' });

export const toSummary = (row: Row): TicketSummary => ({
  reference: row.reference,
  subject: row.subject,
  category: row.category,
  state: row.state,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  closesAt: closesAt(row)?.toISOString() ?? null,
});

export const toMessage = (row: MessageRow): TicketMessage => ({
  id: row.id,
  author: row.author,
  authorName: row.authorName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

export const messagesOf = (tx: Db | Tx, ticketId: string) =>
  tx
    .select()
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.ticketId, ticketId))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));

/** The ticket as its customer sees it: internal notes are left out here, in the query. */
async function customerView(tx: Db | Tx, row: Row): Promise<Ticket> {
  const messages = await tx
    .select()
    .from(supportTicketMessages)
    .where(
      and(eq(supportTicketMessages.ticketId, row.id), eq(supportTicketMessages.internal, false)),
    )
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  return {
    ...toSummary(row),
    messages: messages.map(toMessage),
    attachments: await listUploads(tx, { ticketId: row.id }),
  };
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

/** Who hears of a customer's message: the ticket's assignee, else the company's address. */
async function staffAddress(tx: Tx, config: TicketDeps['config'], row: Row): Promise<string> {
  if (!row.assigneeId) return config.site.contactEmail;
  const [admin] = await tx
    .select({ email: admins.email })
    .from(admins)
    .where(eq(admins.id, row.assigneeId));
  return admin?.email ?? config.site.contactEmail;
}

/**
 * Opens a ticket with its first message, the customer's confirmation (with the way back to it)
 * and the company's notification, in one transaction.
 */
export async function openTicket(
  { db, config }: TicketDeps,
  input: {
    userId: string | null;
    name: string;
    email: string;
    phone?: string | null | undefined;
    subject: string;
    category: TicketCategory;
    message: string;
    source: 'dashboard' | 'contact_form';
    ip: string;
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
            source: input.source,
            ip: input.ip,
          })
          .returning();
        await tx.insert(supportTicketMessages).values({
          ticketId: row!.id,
          author: 'customer',
          authorName: input.name,
          body: input.message,
        });
        const link = await customerLink(tx, config, row!);
        await queueMail(tx, {
          to: row!.email,
          userId: row!.userId,
          ...ticketOpenedMail(config, { ...row!, message: input.message }, link.url),
          linkToken: link.linkToken,
        });
        await queueMail(tx, {
          to: config.site.contactEmail,
          ...ticketToStaffMail(config, row!, input.message, true),
        });
        return customerView(tx, row!);
      });
    } catch (error) {
      // A reference already taken (one in a billion): draw another.
      if (isUniqueViolation(error) && attempt < 3) continue;
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
 * The customer's reply: the ticket opens again (a resolved one stays open, cancelling its
 * closing), and the assignee or the company is e-mailed. A closed ticket takes no more replies.
 */
export async function replyAsCustomer(
  { db, config }: TicketDeps,
  holder: TicketHolder,
  input: { reference?: string; message: string },
): Promise<Ticket> {
  return db.transaction(async (tx) => {
    const held = await findHeldTicket(tx, holder, input.reference);
    if (!held) throw notFound();
    const [row] = await tx
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, held.id))
      .for('update');
    if (row!.state === 'closed') {
      throw new AppError('CONFLICT', {
        message: 'This ticket is closed. Please open a new one and mention its number.',
      });
    }
    await tx.insert(supportTicketMessages).values({
      ticketId: row!.id,
      author: 'customer',
      authorName: row!.name,
      body: input.message,
    });
    const [updated] = await tx
      .update(supportTickets)
      .set({ state: 'open', resolvedAt: null, updatedAt: sql`now()` })
      .where(eq(supportTickets.id, row!.id))
      .returning();
    await queueMail(tx, {
      to: await staffAddress(tx, config, updated!),
      ...ticketToStaffMail(config, updated!, input.message, false),
    });
    return customerView(tx, updated!);
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
