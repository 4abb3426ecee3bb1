import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { admins, appMeta } from '#db/schema/index.ts';
import { withLoginAttempt } from '../../lib/login-throttle.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { createSecureToken, hashToken } from '../../lib/secure-token.ts';
import { AppError } from '../../plugins/errors.ts';
import { countAdmins, createAdmin } from './admin-accounts.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { passSecondFactor } from './two-factor.service.ts';

/**
 * Password, then (when the administrator has one) the second factor: a wrong code counts as a
 * failed sign-in like a wrong password; a missing one asks for it without counting. The attempt
 * is counted before either is checked, so a burst counts in full.
 */
export async function loginAdmin(
  db: Db,
  box: SecretBox,
  input: { email: string; password: string; code?: string | undefined; ip: string },
) {
  return withLoginAttempt(db, 'admin', input, () => checkAdminSignIn(db, box, input));
}

async function checkAdminSignIn(
  db: Db,
  box: SecretBox,
  input: { email: string; password: string; code?: string | undefined; ip: string },
) {
  const [admin] = await db.select().from(admins).where(eq(admins.email, input.email)).limit(1);
  if (!admin || !(await verifyPassword(admin.passwordHash, input.password))) {
    if (!admin) await verifyPassword(null, input.password);
    throw new AppError('INVALID_CREDENTIALS', { message: 'Invalid email or password' });
  }
  if (admin.disabledAt) {
    throw new AppError('ACCOUNT_DISABLED', {
      message: 'This administrator account is disabled. Ask an owner of the business to enable it.',
    });
  }
  const { code } = input;
  const needsCode = admin.totpEnabledAt !== null;
  if (needsCode && !code) {
    throw new AppError('TWO_FACTOR_REQUIRED', {
      message: 'Enter the 6-digit code from your authenticator app, or a recovery code',
    });
  }
  const passed = await db.transaction(async (tx) => {
    if (needsCode && !(await passSecondFactor(tx, box, admin, code!, input.ip))) return false;
    await tx
      .update(admins)
      .set({ lastLoginAt: sql`now()` })
      .where(eq(admins.id, admin.id));
    await recordAudit(tx, {
      adminId: admin.id,
      actor: admin.email,
      action: 'admin.login',
      ip: input.ip,
    });
    return true;
  });
  if (!passed) {
    throw new AppError('INVALID_TWO_FACTOR_CODE', {
      message:
        'That code is not right or was already used. Enter the newest code from your app, or an unused recovery code.',
    });
  }
  return admin;
}

const setupKey = 'admin_setup_token';

/**
 * While no administrator exists, a fresh one-time setup token (its hash kept in app_meta); null
 * once there is one. Each call replaces the previous token.
 */
export async function issueSetupToken(db: Db): Promise<string | null> {
  if ((await countAdmins(db)) > 0) return null;
  const { token, hash } = createSecureToken();
  await db
    .insert(appMeta)
    .values({ key: setupKey, value: hash })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: hash, updatedAt: sql`now()` } });
  return token;
}

const invalidSetupLink =
  'This setup link is not valid: an administrator already exists, or the server has issued a newer link. Use npm run admin:create instead.';

/** Creates the first administrator from the setup link; the link stops working at once. */
export async function completeSetup(
  db: Db,
  input: { token: string; name: string; email: string; password: string; ip: string },
) {
  const [removed] = await db
    .delete(appMeta)
    .where(and(eq(appMeta.key, setupKey), eq(appMeta.value, hashToken(input.token))))
    .returning();
  if (!removed || (await countAdmins(db)) > 0) {
    throw new AppError('INVALID_TOKEN', { message: invalidSetupLink });
  }
  return createAdmin(db, input, { actor: input.email, adminId: null, ip: input.ip });
}
