import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { admins, sessions } from '#db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';

/** 24 random characters (144 bits), shown once. */
export const generateAdminPassword = () => randomBytes(18).toString('base64url');

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(admins);
  return row?.n ?? 0;
}

type AdminRow = typeof admins.$inferSelect;

export async function createAdmin(
  db: Db | Tx,
  input: { email: string; name: string; password: string; role?: 'owner' | 'staff' },
  audit: { actor: string; adminId: string | null; ip?: string | null },
): Promise<AdminRow> {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db.select().from(admins).where(eq(admins.email, input.email));
  if (existing) {
    throw new AppError('CONFLICT', {
      message: `An administrator with ${input.email} already exists`,
    });
  }
  return db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(admins)
      .values({ email: input.email, name: input.name, passwordHash, role: input.role ?? 'owner' })
      .returning();
    await recordAudit(tx, {
      ...audit,
      action: 'admin.created',
      entityType: 'admin',
      entityId: admin!.id,
      details: { email: admin!.email, name: admin!.name, role: admin!.role },
    });
    return admin!;
  });
}

/** Sets a new password and signs the administrator out everywhere. */
export async function resetAdminPassword(
  db: Db,
  input: { email: string; password: string },
  audit: { actor: string; adminId: string | null; ip?: string | null },
): Promise<AdminRow> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [admin] = await tx
      .update(admins)
      .set({ passwordHash })
      .where(eq(admins.email, input.email))
      .returning();
    if (!admin) {
      throw new AppError('NOT_FOUND', {
        message: `No administrator has the e-mail ${input.email}`,
      });
    }
    await endAdminSessions(tx, admin.id);
    await recordAudit(tx, {
      ...audit,
      action: 'admin.password_reset',
      entityType: 'admin',
      entityId: admin.id,
    });
    return admin;
  });
}

/** Signs an administrator out everywhere (admin sessions are read from the table, never cached). */
export async function endAdminSessions(tx: Db | Tx, adminId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.adminId, adminId));
}
