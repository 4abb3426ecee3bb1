import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { auditLog, users } from '#db/schema/index.ts';
import type { TeamViews } from '#shared/view-as.schemas.ts';
import { AppError } from '../../plugins/errors.ts';
import type { SessionAdmin } from '../../plugins/sessions.ts';
import { recordAudit } from '../admin/audit-log.service.ts';

/** The audit log's action of a view: the customer page and the customer's settings list it. */
const viewedAs = 'customer.viewed_as';

/**
 * Opens a view of a customer's account for an administrator (`open` starts its session), audited
 * in the same transaction: no view goes unrecorded. A deleted account has nothing to show.
 */
export async function startViewAs(
  db: Db,
  input: { userId: string; admin: SessionAdmin; ip: string },
  open: (tx: Tx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, input.userId));
    if (!user) throw new AppError('NOT_FOUND', { message: 'No such customer' });
    if (user.deletedAt)
      throw new AppError('CONFLICT', {
        message: 'This account was deleted: there is nothing to view',
      });
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: viewedAs,
      entityType: 'customer',
      entityId: input.userId,
      // The name the customer is shown, as it was at the time.
      details: { name: input.admin.name },
      ip: input.ip,
    });
    await open(tx);
  });
}

/** The customer's own record of the team's views of their account, newest first. */
export async function listTeamViews(db: Db, userId: string): Promise<TeamViews> {
  const rows = await db
    .select({ at: auditLog.createdAt, details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, viewedAs),
        eq(auditLog.entityType, 'customer'),
        eq(auditLog.entityId, userId),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(50);
  return {
    views: rows.map((row) => ({
      at: row.at.toISOString(),
      by: (row.details as { name?: string } | null)?.name ?? 'A team member',
    })),
  };
}
