import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { auditLog } from '#db/schema/index.ts';
import type { AuditLogPage } from '#shared/admin.schemas.ts';

export interface AuditInput {
  adminId: string | null;
  /** Who acted: an administrator's e-mail, or "cli" for the command line. */
  actor: string;
  action: string;
  entityType?: string;
  entityId?: string;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Appends one row; call it in the transaction of the change it records. */
export async function recordAudit(tx: Db | Tx, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: entry.adminId,
    actor: entry.actor,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}

const pageSize = 50;

export async function listAuditLog(
  db: Db,
  query: { page: number; action?: string; actor?: string; from?: string; to?: string },
): Promise<AuditLogPage> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.actor) filters.push(sql`${auditLog.actor} ilike ${`%${query.actor}%`}`);
  // Days are South African days.
  if (query.from)
    filters.push(
      gte(
        auditLog.createdAt,
        sql`(${query.from}::date)::timestamp at time zone 'Africa/Johannesburg'`,
      ),
    );
  if (query.to)
    filters.push(
      lt(
        auditLog.createdAt,
        sql`(${query.to}::date + 1)::timestamp at time zone 'Africa/Johannesburg'`,
      ),
    );
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totals], actions] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actor: row.actor,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      details: row.details,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
    })),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize,
    actions: actions.map((a) => a.action),
  };
}
