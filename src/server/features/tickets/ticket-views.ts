import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { supportTicketMessages, type supportTickets } from '#db/schema/index.ts';
import {
  autoCloseDays,
  type Ticket,
  type TicketMessage,
  type TicketSummary,
} from '#shared/tickets.schemas.ts';
import type { Upload } from '#shared/uploads.schemas.ts';
import { targetsOf, type TicketClock } from '#shared/ticket-desk.schemas.ts';
import { AppError } from '../../plugins/errors.ts';
import { listTicketUploads } from '../uploads/uploads.service.ts';

/** How a ticket and its messages read in answers: the customer's view, summaries, messages. */
type Row = typeof supportTickets.$inferSelect;
type MessageRow = typeof supportTicketMessages.$inferSelect;

const dayMs = 24 * 60 * 60 * 1000;
export const closesAt = (row: Row): Date | null =>
  row.state === 'resolved' && row.resolvedAt
    ? new Date(row.resolvedAt.getTime() + autoCloseDays * dayMs)
    : null;

/** The response-time targets of the ticket's priority, and whether each was missed. */
export function clockOf(row: Row): TicketClock {
  const due = targetsOf(row);
  return {
    firstResponseDueAt: due.firstResponseDueAt.toISOString(),
    firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
    resolutionDueAt: due.resolutionDueAt.toISOString(),
    firstResponseBreached: row.firstResponseBreachedAt !== null,
    resolutionBreached: row.resolutionBreachedAt !== null,
  };
}

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

export const toMessage = (row: MessageRow, files: Map<string, Upload[]>): TicketMessage => ({
  id: row.id,
  author: row.author,
  authorName: row.authorName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  files: files.get(row.id) ?? [],
});

export const messagesOf = (tx: Db | Tx, ticketId: string) =>
  tx
    .select()
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.ticketId, ticketId))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));

/** The ticket as its customer sees it: internal notes are left out here, in the query. */
export async function customerView(tx: Db | Tx, row: Row): Promise<Ticket> {
  const messages = await tx
    .select()
    .from(supportTicketMessages)
    .where(
      and(eq(supportTicketMessages.ticketId, row.id), eq(supportTicketMessages.internal, false)),
    )
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  const files = await listTicketUploads(tx, row.id);
  return {
    ...toSummary(row),
    messages: messages.map((message) => toMessage(message, files.byMessage)),
    attachments: files.loose,
  };
}
