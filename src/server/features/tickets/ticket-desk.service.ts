/**
 * The back office's side of the support desk: the list, a ticket with its notes, staff replies and
 * changes, and closing resolved tickets.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { admins, supportTicketMessages, supportTickets } from '#db/schema/index.ts';
import {
  autoCloseDays,
  unassigned,
  type AdminTicket,
  type AdminTicketPage,
  type AdminTicketSummary,
  type AdminTicketsQuery,
  type Assignee,
  type TicketState,
} from '#shared/tickets.schemas.ts';
import type { DepartmentId, TicketPriority } from '#shared/ticket-desk.schemas.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { listTicketUploads } from '../uploads/uploads.service.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { staffReplyMail, ticketResolvedMail } from './ticket-mails.ts';
import { customerLink, type Row, type TicketDeps } from './tickets.service.ts';
import { clockOf, closesAt, messagesOf, notFound, toMessage, toSummary } from './ticket-views.ts';

interface StaffMember {
  id: string;
  email: string;
  name: string;
}

async function listAssignees(db: Db | Tx): Promise<Assignee[]> {
  return db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.name));
}

const pageSize = 25;

/** The back office's list, most recently active first, filtered by state, category, assignee. */
export async function listAdminTickets(db: Db, query: AdminTicketsQuery): Promise<AdminTicketPage> {
  const filters: SQL[] = [];
  if (query.state) filters.push(eq(supportTickets.state, query.state));
  if (query.category) filters.push(eq(supportTickets.category, query.category));
  if (query.department) filters.push(eq(supportTickets.departmentId, query.department));
  if (query.breached === 'true') {
    filters.push(
      or(
        isNotNull(supportTickets.firstResponseBreachedAt),
        isNotNull(supportTickets.resolutionBreachedAt),
      )!,
    );
  }
  if (query.assignee === unassigned) filters.push(isNull(supportTickets.assigneeId));
  else if (query.assignee) filters.push(eq(supportTickets.assigneeId, query.assignee));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [totals], assignees] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.updatedAt))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ total: count() }).from(supportTickets).where(where),
    listAssignees(db),
  ]);
  const names = new Map(assignees.map((a) => [a.id, a]));
  const merged = await mergedReferences(db, rows);
  return {
    items: rows.map((row) => adminSummary(row, names, merged)),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize,
    assignees,
  };
}

/** The references of the tickets these were merged into, by id. */
async function mergedReferences(db: Db | Tx, rows: readonly Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.mergedIntoId ? [row.mergedIntoId] : [])))];
  if (ids.length === 0) return new Map();
  const targets = await db
    .select({ id: supportTickets.id, reference: supportTickets.reference })
    .from(supportTickets)
    .where(inArray(supportTickets.id, ids));
  return new Map(targets.map((target) => [target.id, target.reference]));
}

function adminSummary(
  row: Row,
  assignees: Map<string, Assignee>,
  merged: Map<string, string>,
): AdminTicketSummary {
  return {
    ...toSummary(row),
    name: row.name,
    email: row.email,
    source: row.source,
    assignee: (row.assigneeId && assignees.get(row.assigneeId)) || null,
    departmentId: row.departmentId,
    priority: row.priority,
    clock: clockOf(row),
    mergedInto: (row.mergedIntoId && merged.get(row.mergedIntoId)) || null,
    rating: row.rating,
  };
}

async function adminView(tx: Db | Tx, row: Row): Promise<AdminTicket> {
  const [messages, assignees] = await Promise.all([messagesOf(tx, row.id), listAssignees(tx)]);
  const files = await listTicketUploads(tx, row.id);
  return {
    ...adminSummary(
      row,
      new Map(assignees.map((a) => [a.id, a])),
      await mergedReferences(tx, [row]),
    ),
    phone: row.phone,
    hasAccount: row.userId !== null,
    messages: messages.map((m) => ({ ...toMessage(m, files.byMessage), internal: m.internal })),
    attachments: files.loose,
    assignees,
  };
}

export async function readAdminTicket(db: Db, reference: string): Promise<AdminTicket> {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.reference, reference));
  if (!row) throw notFound();
  return adminView(db, row);
}

async function lockTicket(tx: Tx, reference: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.reference, reference))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * An administrator's reply or internal note. A reply is e-mailed to the customer and leaves an
 * open ticket awaiting the customer; a note changes nothing the customer can see.
 */
export async function replyAsStaff(
  { db, config, threads }: TicketDeps,
  input: { reference: string; message: string; internal: boolean; admin: StaffMember; ip: string },
): Promise<AdminTicket> {
  return db.transaction(async (tx) => {
    const row = await lockTicket(tx, input.reference);
    if (!input.internal && row.state === 'closed') {
      throw new AppError('CONFLICT', {
        message: 'This ticket is closed: open it again before replying',
      });
    }
    await tx.insert(supportTicketMessages).values({
      ticketId: row.id,
      author: 'staff',
      adminId: input.admin.id,
      authorName: input.admin.name,
      body: input.message,
      internal: input.internal,
    });
    const [updated] = await tx
      .update(supportTickets)
      .set({
        updatedAt: sql`now()`,
        ...(!input.internal && row.state === 'open' ? { state: 'awaiting_customer' as const } : {}),
        // The first answer the customer sees stops the first-response clock; any answer restarts
        // the wait before a ticket left with the customer closes.
        ...(!input.internal
          ? { firstResponseAt: row.firstResponseAt ?? sql`now()`, closeWarnedAt: null }
          : {}),
      })
      .where(eq(supportTickets.id, row.id))
      .returning();
    if (!input.internal) {
      const link = await customerLink(tx, config, row);
      await queueMail(tx, {
        to: row.email,
        userId: row.userId,
        ...staffReplyMail(
          config,
          row,
          { authorName: input.admin.name, body: input.message },
          link.url,
        ),
        linkToken: link.linkToken,
        ...threads.outgoing(row.reference),
      });
    }
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: input.internal ? 'ticket.note_added' : 'ticket.replied',
      entityType: 'support_ticket',
      entityId: row.reference,
      ip: input.ip,
    });
    return adminView(tx, updated!);
  });
}

/**
 * Moves a ticket to another state and/or assigns it. Resolving e-mails the customer and queues
 * the job that closes the ticket 7 days later unless the customer replies first.
 */
export async function updateTicket(
  { db, config, threads }: TicketDeps,
  input: {
    reference: string;
    state?: TicketState | undefined;
    assigneeId?: string | null | undefined;
    departmentId?: DepartmentId | undefined;
    priority?: TicketPriority | undefined;
    admin: StaffMember;
    ip: string;
  },
): Promise<AdminTicket> {
  return db.transaction(async (tx) => {
    const row = await lockTicket(tx, input.reference);
    if (input.assigneeId) {
      const [admin] = await tx
        .select({ id: admins.id })
        .from(admins)
        .where(eq(admins.id, input.assigneeId));
      if (!admin) throw new AppError('BAD_REQUEST', { message: 'No such administrator' });
    }
    const stateChanged = input.state !== undefined && input.state !== row.state;
    const assigneeChanged = input.assigneeId !== undefined && input.assigneeId !== row.assigneeId;
    const departmentChanged =
      input.departmentId !== undefined && input.departmentId !== row.departmentId;
    const priorityChanged = input.priority !== undefined && input.priority !== row.priority;
    if (!stateChanged && !assigneeChanged && !departmentChanged && !priorityChanged) {
      return adminView(tx, row);
    }
    const [updated] = await tx
      .update(supportTickets)
      .set({
        updatedAt: sql`now()`,
        ...(assigneeChanged ? { assigneeId: input.assigneeId ?? null } : {}),
        ...(departmentChanged ? { departmentId: input.departmentId } : {}),
        // A new priority sets new targets: a breach flagged under the old ones is looked at anew.
        ...(priorityChanged
          ? { priority: input.priority, firstResponseBreachedAt: null, resolutionBreachedAt: null }
          : {}),
        ...(stateChanged
          ? {
              state: input.state,
              resolvedAt: input.state === 'resolved' ? sql`now()` : null,
              closedAt: input.state === 'closed' ? sql`now()` : null,
            }
          : {}),
      })
      .where(eq(supportTickets.id, row.id))
      .returning();
    const closing = closesAt(updated!);
    if (stateChanged && input.state === 'resolved' && closing) {
      await enqueueJob(tx, 'close-resolved-ticket', { ticketId: row.id }, { runAt: closing });
      const link = await customerLink(tx, config, row);
      await queueMail(tx, {
        to: row.email,
        userId: row.userId,
        ...ticketResolvedMail(config, row, closing, link.url, threads.ratingToken(row.reference)),
        linkToken: link.linkToken,
        ...threads.outgoing(row.reference),
      });
    }
    if (stateChanged) {
      await recordAudit(tx, {
        adminId: input.admin.id,
        actor: input.admin.email,
        action: 'ticket.state_changed',
        entityType: 'support_ticket',
        entityId: row.reference,
        details: { from: row.state, to: input.state },
        ip: input.ip,
      });
    }
    for (const [changed, action, from, to] of [
      [departmentChanged, 'ticket.department_changed', row.departmentId, input.departmentId],
      [priorityChanged, 'ticket.priority_changed', row.priority, input.priority],
    ] as const) {
      if (!changed) continue;
      await recordAudit(tx, {
        adminId: input.admin.id,
        actor: input.admin.email,
        action,
        entityType: 'support_ticket',
        entityId: row.reference,
        details: { from, to },
        ip: input.ip,
      });
    }
    if (assigneeChanged) {
      await recordAudit(tx, {
        adminId: input.admin.id,
        actor: input.admin.email,
        action: 'ticket.assigned',
        entityType: 'support_ticket',
        entityId: row.reference,
        details: { from: row.assigneeId, to: input.assigneeId ?? null },
        ip: input.ip,
      });
    }
    return adminView(tx, updated!);
  });
}

/**
 * The close-resolved-ticket job: closes the ticket if it is still resolved and was resolved at
 * least 7 days ago. A reply in between reopened it, and a later resolve queued its own job.
 */
export async function closeResolvedTicket(db: Db, ticketId: string): Promise<boolean> {
  const closed = await db
    .update(supportTickets)
    .set({ state: 'closed', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(supportTickets.id, ticketId),
        eq(supportTickets.state, 'resolved'),
        sql`${supportTickets.resolvedAt} <= now() - make_interval(days => ${autoCloseDays})`,
      ),
    )
    .returning({ id: supportTickets.id });
  return closed.length > 0;
}
