import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db, Tx } from '#db/client.ts';
import { adminRecoveryCodes, admins } from '#db/schema/index.ts';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '#shared/admin.schemas.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { hashToken } from '../../lib/secure-token.ts';
import { AppError } from '../../plugins/errors.ts';
import { endAdminSessions } from './admin-accounts.ts';
import { recordAudit } from '../admin/audit-log.service.ts';

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30-second steps. */
const periodSeconds = 30;
/** One step either side of now: a phone clock half a minute out still signs in. */
const window = 1;

export const totpFor = (secretBase32: string, label = 'administrator', issuer = 'Back office') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });

/** The 30-second step a code of `timestampMs` belongs to. */
const stepAt = (timestampMs: number) => Math.floor(timestampMs / 1000 / periodSeconds);

/**
 * The step whose code `code` is, if it is this secret's code now (± one step) and newer than
 * the last step accepted: a code signs in once, so one read over a shoulder is spent.
 */
export function acceptedStep(
  secretBase32: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now, window });
  if (delta === null) return null;
  const step = stepAt(now) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

type Actor = { id: string; email: string; name: string };
type Audit = { actor: string; adminId: string | null; ip: string | null };

/** What a TOTP secret is sealed with: its column and its administrator. */
const totpContext = (adminId: string) => `admins.totp_secret:${adminId}`;

/**
 * Seals the TOTP secrets kept in clear before they were encrypted at rest (run at start; a
 * sealed one is left as it is).
 */
export async function sealClearTotpSecrets(db: Db, box: SecretBox): Promise<number> {
  const rows = await db
    .select({ id: admins.id, secret: admins.totpSecret })
    .from(admins)
    .where(sql`${admins.totpSecret} is not null and ${admins.totpSecret} not like 'enc:%'`);
  for (const row of rows) {
    await db
      .update(admins)
      .set({ totpSecret: box.seal(row.secret!, totpContext(row.id)) })
      .where(and(eq(admins.id, row.id), eq(admins.totpSecret, row.secret!)));
  }
  return rows.length;
}

/** A fresh secret kept unconfirmed until the app's first code proves it was added. */
export async function startTwoFactorSetup(
  db: Db,
  box: SecretBox,
  admin: Actor,
  issuer: string,
): Promise<TwoFactorSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const [row] = await db
    .update(admins)
    .set({ totpSecret: box.seal(secret, totpContext(admin.id)), totpLastStep: null })
    .where(and(eq(admins.id, admin.id), isNull(admins.totpEnabledAt)))
    .returning({ id: admins.id });
  if (!row) {
    throw new AppError('CONFLICT', {
      message: 'Two-factor authentication is already on for this account',
    });
  }
  const otpauthUri = totpFor(secret, admin.email, issuer).toString();
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1 });
  return { secret, otpauthUri, qrSvg };
}

const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const recoveryCodeCount = 10;

/** `xxxxx-xxxxx` from an alphabet without look-alikes (no 0/o, 1/l/i). */
function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => recoveryAlphabet[randomInt(recoveryAlphabet.length)],
  );
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const recoveryHash = (code: string) => hashToken(`recovery:${normaliseRecoveryCode(code)}`);

/** Turns the second factor on once `code` proves the app has the secret; the codes come once. */
export async function confirmTwoFactor(
  db: Db,
  box: SecretBox,
  admin: Actor,
  code: string,
  audit: Audit,
): Promise<RecoveryCodes> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ secret: admins.totpSecret, enabledAt: admins.totpEnabledAt })
      .from(admins)
      .where(eq(admins.id, admin.id))
      .for('update');
    if (!row?.secret || row.enabledAt) {
      throw new AppError('CONFLICT', {
        message: row?.enabledAt
          ? 'Two-factor authentication is already on for this account'
          : 'Start the set-up first: scan the QR code, then enter the code',
      });
    }
    const step = acceptedStep(box.open(row.secret, totpContext(admin.id)), code, null);
    if (step === null) {
      throw new AppError('BAD_REQUEST', {
        message:
          'That code does not match. Check the phone’s time is right and enter the newest code.',
      });
    }
    await tx
      .update(admins)
      .set({ totpEnabledAt: sql`now()`, totpLastStep: step })
      .where(eq(admins.id, admin.id));
    const recoveryCodes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, admin.id));
    await tx
      .insert(adminRecoveryCodes)
      .values(recoveryCodes.map((c) => ({ adminId: admin.id, codeHash: recoveryHash(c) })));
    await recordAudit(tx, {
      ...audit,
      action: 'admin.two_factor_enabled',
      entityType: 'admin',
      entityId: admin.id,
    });
    return { recoveryCodes };
  });
}

export async function twoFactorStatus(
  db: Db,
  adminId: string,
  required: boolean,
): Promise<TwoFactorStatus> {
  const [row] = await db
    .select({ enabledAt: admins.totpEnabledAt })
    .from(admins)
    .where(eq(admins.id, adminId));
  const [left] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return { enabled: Boolean(row?.enabledAt), required, recoveryCodesLeft: left?.n ?? 0 };
}

/**
 * Checks the second factor at sign-in, under the administrator's row lock (two tabs cannot
 * spend one code twice): a current TOTP code, or an unused recovery code, which is then spent.
 */
export async function passSecondFactor(
  tx: Tx,
  box: SecretBox,
  admin: { id: string; email: string },
  code: string,
  ip: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ secret: admins.totpSecret, lastStep: admins.totpLastStep })
    .from(admins)
    .where(eq(admins.id, admin.id))
    .for('update');
  if (!row?.secret) return false;
  if (/^\d{6}$/.test(code)) {
    const secret = box.open(row.secret, totpContext(admin.id));
    const step = acceptedStep(secret, code, row.lastStep);
    if (step === null) return false;
    await tx.update(admins).set({ totpLastStep: step }).where(eq(admins.id, admin.id));
    return true;
  }
  const [spent] = await tx
    .update(adminRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, admin.id),
        eq(adminRecoveryCodes.codeHash, recoveryHash(code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  if (!spent) return false;
  await recordAudit(tx, {
    adminId: admin.id,
    actor: admin.email,
    action: 'admin.recovery_code_used',
    entityType: 'admin',
    entityId: admin.id,
    ip,
  });
  return true;
}

/**
 * Clears a lost second factor (an owner's action): the secret and recovery codes go, and the
 * administrator is signed out everywhere, to set up a new app at the next sign-in.
 */
export async function resetTwoFactor(tx: Tx, adminId: string): Promise<void> {
  await tx
    .update(admins)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(admins.id, adminId));
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  await endAdminSessions(tx, adminId);
}
