/**
 * Merging a ticket into another of the same customer's: one conversation instead of two. The
 * source keeps nothing but a note pointing to the target, and stays closed for good.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  supportTicketLinks,
  supportTicketMessages,
  supportTickets,
  uploads,
} from '#db/schema/index.ts';
import type { AdminTicket } from '#shared/tickets.schemas.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { readAdminTicket } from './ticket-desk.service.ts';
import { lockTicketRow, type Row } from './tickets.service.ts';

interface MergingAdmin {
  id: string;
  email: string;
  name: string;
}

const intoIssue = (message: string) => [{ path: 'into', message }];

const refuse = (code: 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT', message: string, field = false) =>
  new AppError(code, { message, ...(field ? { issues: intoIssue(message) } : {}) });

const sameCustomer = (a: Row, b: Row): boolean =>
  a.userId !== null || b.userId !== null
    ? a.userId === b.userId
    : a.email.trim().toLowerCase() === b.email.trim().toLowerCase();

/**
 * Why `source` may not go into `target`, if it may not; `null` when it may. A retry of a merge
 * that already happened is not refused (the caller answers with the target as the first time).
 */
function refusal(source: Row, target: Row): AppError | null {
  if (source.mergedIntoId !== null && source.mergedIntoId !== target.id) {
    return refuse('CONFLICT', `${source.reference} was already merged into another ticket`);
  }
  if (source.mergedIntoId === target.id) return null;
  if (target.mergedIntoId !== null) {
    return refuse(
      'CONFLICT',
      `${target.reference} was itself merged into another ticket: merge into that one`,
      true,
    );
  }
  if (target.state === 'closed') {
    return refuse(
      'CONFLICT',
      `${target.reference} is closed: open it again before merging into it`,
      true,
    );
  }
  if (!sameCustomer(source, target)) {
    return refuse('CONFLICT', 'These tickets are from different customers', true);
  }
  return null;
}

async function findTicket(db: Db | Tx, reference: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.reference, reference));
  return row;
}

/**
 * Moves every message, file and reply link of `reference` into `into` and closes it, with a
 * note on both, in one transaction. Both rows are locked in the order of their ids, so that two
 * administrators merging the pair both ways at once wait for each other instead of deadlocking:
 * the second then finds its target merged and is refused.
 */
export async function mergeTicket(
  db: Db,
  input: { reference: string; into: string; admin: MergingAdmin; ip: string },
): Promise<AdminTicket> {
  if (input.reference === input.into) {
    throw refuse('BAD_REQUEST', 'A ticket cannot be merged into itself', true);
  }
  const targetReference = await db.transaction(async (tx) => {
    const [seenSource, seenTarget] = await Promise.all([
      findTicket(tx, input.reference),
      findTicket(tx, input.into),
    ]);
    if (!seenSource) throw refuse('NOT_FOUND', `${input.reference} does not exist`);
    if (!seenTarget) throw refuse('NOT_FOUND', 'That ticket does not exist', true);
    // Refused before locking anything: a merged pointer is never undone, and a refusal on what
    // was just read is as if this call came before whatever changes the rows now.
    const early = refusal(seenSource, seenTarget);
    if (early) throw early;
    const [first, second] = [seenSource.id, seenTarget.id].sort();
    const locked = new Map<string, Row>();
    for (const id of [first!, second!]) locked.set(id, await lockTicketRow(tx, id));
    // What the rows say once locked: another merge may have finished while this one waited.
    const source = locked.get(seenSource.id)!;
    const target = locked.get(seenTarget.id)!;
    const refused = refusal(source, target);
    if (refused) throw refused;
    if (source.mergedIntoId === target.id) return target.reference;

    await tx
      .update(supportTicketMessages)
      .set({ ticketId: target.id })
      .where(eq(supportTicketMessages.ticketId, source.id));
    await tx.update(uploads).set({ ticketId: target.id }).where(eq(uploads.ticketId, source.id));
    // The visitor's mailed links now open the conversation their messages went to.
    await tx
      .update(supportTicketLinks)
      .set({ ticketId: target.id })
      .where(eq(supportTicketLinks.ticketId, source.id));
    await tx.insert(supportTicketMessages).values([
      {
        ticketId: source.id,
        author: 'staff' as const,
        adminId: input.admin.id,
        authorName: input.admin.name,
        body: `Merged into ${target.reference} by ${input.admin.name}.`,
        internal: true,
      },
      {
        ticketId: target.id,
        author: 'staff' as const,
        adminId: input.admin.id,
        authorName: input.admin.name,
        body: `${source.reference} was merged into this ticket by ${input.admin.name}.`,
        internal: true,
      },
    ]);
    await tx
      .update(supportTickets)
      .set({
        state: 'closed',
        closedAt: sql`now()`,
        mergedIntoId: target.id,
        updatedAt: sql`now()`,
      })
      .where(eq(supportTickets.id, source.id));
    await tx
      .update(supportTickets)
      .set({ updatedAt: sql`now()` })
      .where(eq(supportTickets.id, target.id));
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'ticket.merged',
      entityType: 'support_ticket',
      entityId: source.reference,
      details: { from: source.reference, into: target.reference },
      ip: input.ip,
    });
    return target.reference;
  });
  return readAdminTicket(db, targetReference);
}
