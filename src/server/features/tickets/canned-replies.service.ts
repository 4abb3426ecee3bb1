/**
 * Canned replies (issue 32 §2): the answers any administrator keeps for common questions, offered
 * on a ticket with its department's first. Every change is audited.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { supportCannedReplies } from '#db/schema/index.ts';
import type {
  CannedRepliesQuery,
  CannedReply,
  CannedReplyDeleted,
  CannedReplyValues,
} from '#shared/canned-replies.schemas.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';

type Row = typeof supportCannedReplies.$inferSelect;

interface Editor {
  admin: { id: string; email: string };
  ip: string;
}

const toCannedReply = (row: Row): CannedReply => ({
  id: row.id,
  title: row.title,
  body: row.body,
  departmentId: row.departmentId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const notFound = () => new AppError('NOT_FOUND', { message: 'That canned reply does not exist' });

const entity = (row: Row) => ({ entityType: 'support_canned_reply', entityId: row.id });

/** Every reply by title; with `department`, that department's replies come first. */
export async function listCannedReplies(db: Db, query: CannedRepliesQuery): Promise<CannedReply[]> {
  const department = query.department
    ? [sql`${supportCannedReplies.departmentId} is not distinct from ${query.department} desc`]
    : [];
  const rows = await db
    .select()
    .from(supportCannedReplies)
    .orderBy(
      ...department,
      sql`lower(${supportCannedReplies.title})`,
      asc(supportCannedReplies.id),
    );
  return rows.map(toCannedReply);
}

export async function createCannedReply(
  db: Db,
  input: Editor & { values: CannedReplyValues },
): Promise<CannedReply> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportCannedReplies)
      .values({
        title: input.values.title,
        body: input.values.body,
        departmentId: input.values.departmentId ?? null,
      })
      .returning();
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'canned_reply.created',
      ...entity(row!),
      details: { title: row!.title, departmentId: row!.departmentId },
      ip: input.ip,
    });
    return toCannedReply(row!);
  });
}

export async function updateCannedReply(
  db: Db,
  input: Editor & { id: string; change: Partial<CannedReplyValues> },
): Promise<CannedReply> {
  const { title, body, departmentId } = input.change;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(supportCannedReplies)
      .set({
        ...(title !== undefined && { title }),
        ...(body !== undefined && { body }),
        ...(departmentId !== undefined && { departmentId }),
        updatedAt: sql`now()`,
      })
      .where(eq(supportCannedReplies.id, input.id))
      .returning();
    if (!row) throw notFound();
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'canned_reply.updated',
      ...entity(row),
      details: {
        title: row.title,
        changed: Object.keys(input.change).filter(
          (key) => input.change[key as keyof CannedReplyValues] !== undefined,
        ),
      },
      ip: input.ip,
    });
    return toCannedReply(row);
  });
}

export async function deleteCannedReply(
  db: Db,
  input: Editor & { id: string },
): Promise<CannedReplyDeleted> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(supportCannedReplies)
      .where(eq(supportCannedReplies.id, input.id))
      .returning();
    if (!row) throw notFound();
    // The text goes with the row: the audit keeps it, so a reply deleted by mistake can be typed again.
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'canned_reply.deleted',
      ...entity(row),
      details: { title: row.title, body: row.body, departmentId: row.departmentId },
      ip: input.ip,
    });
    return { id: row.id, title: row.title };
  });
}
