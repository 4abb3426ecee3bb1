import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users } from '#db/schema/index.ts';
import type { User } from '#shared/auth.schemas.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { AppError } from '../../plugins/errors.ts';
import { endOtherUserSessions, forgetCachedUser } from '../../plugins/sessions.ts';
import {
  passwordChangedMail,
  resetPasswordMail,
  verifyEmailMail,
} from './account-mails.service.ts';
import { withLinkAttempt, withLoginAttempt } from '../../lib/login-throttle.ts';
import { consumeUserToken, mailUserLink } from './user-tokens.service.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

export interface AuthDeps {
  db: Db;
  config: Pick<Config, 'site' | 'publicUrl'>;
}

type UserRow = typeof users.$inferSelect;

export const toUser = (row: {
  id: string;
  email: string;
  fullName: string;
  emailVerifiedAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
  viewedBy?: { adminName: string };
}): User => ({
  id: row.id,
  email: row.email,
  fullName: row.fullName,
  emailVerified: row.emailVerifiedAt !== null,
  returning: row.lastSignInAt !== null,
  createdAt: row.createdAt.toISOString(),
  ...(row.viewedBy ? { viewedBy: { name: row.viewedBy.adminName } } : {}),
});

export const emailTaken = () =>
  new AppError('EMAIL_ALREADY_EXISTS', { message: 'Email already registered' });

export async function findActiveUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Creates the account and mails the verification link, in one transaction. */
export async function registerUser(
  { db, config }: AuthDeps,
  input: { fullName: string; email: string; password: string },
): Promise<UserRow> {
  if (await findActiveUserByEmail(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ fullName: input.fullName, email: input.email, passwordHash })
        .returning();
      await mailUserLink(tx, {
        userId: user!.id,
        purpose: 'verify_email',
        email: user!.email,
        render: (token) => verifyEmailMail(config, user!.fullName, token),
      });
      return user!;
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Checks the password; attempts are counted per account and per IP before the check, so a burst
 * counts in full (429 when too many).
 */
export async function loginUser(
  { db }: AuthDeps,
  input: { email: string; password: string; ip: string },
): Promise<UserRow> {
  const user = await withLoginAttempt(db, 'user', input, async () => {
    const found = await findActiveUserByEmail(db, input.email);
    const valid = await verifyPassword(found?.passwordHash, input.password);
    if (!found || !valid) {
      throw new AppError('INVALID_CREDENTIALS', { message: 'Invalid email or password' });
    }
    return found;
  });
  const [signedIn] = await db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return signedIn ?? user;
}

/** Mails a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset({ db, config }: AuthDeps, email: string): Promise<void> {
  const user = await findActiveUserByEmail(db, email);
  if (!user) return;
  await db.transaction((tx) =>
    mailUserLink(tx, {
      userId: user.id,
      purpose: 'reset_password',
      email: user.email,
      render: (token) => resetPasswordMail(config, user.fullName, token),
    }),
  );
}

export const invalidResetLink =
  'This reset link is invalid or has expired. Please request a new one.';

/**
 * Sets a new password from a mailed link and ends every other session of the account. The mail
 * reached its owner, so an unverified address counts as verified. Tries are counted per address
 * before the token is looked up (a wrong, used or expired one is a failure; 429 when too many).
 */
export async function resetPassword(
  { db, config }: AuthDeps,
  input: { token: string; password: string; ip: string; keepSessionId?: string | undefined },
): Promise<void> {
  await withLinkAttempt(db, 'reset', input.ip, async () => {
    const passwordHash = await hashPassword(input.password);
    await spendResetLink({ db, config }, { ...input, passwordHash });
  });
}

async function spendResetLink(
  { db, config }: AuthDeps,
  input: { token: string; passwordHash: string; keepSessionId?: string | undefined },
): Promise<void> {
  const { passwordHash } = input;
  await db.transaction(async (tx) => {
    const token = await consumeUserToken(tx, input.token, ['reset_password'], invalidResetLink);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: sql`now()`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      })
      .where(and(eq(users.id, token.userId), eq(users.email, token.email), isNull(users.deletedAt)))
      .returning();
    if (!user) throw new AppError('INVALID_TOKEN', { message: invalidResetLink });
    await endOtherUserSessions(tx, user.id, input.keepSessionId);
    await queueMail(tx, {
      to: user.email,
      userId: user.id,
      ...passwordChangedMail(config, user.fullName),
    });
  });
}

const invalidVerifyLink =
  'This verification link is invalid or has expired. Sign in and request a new one from your dashboard.';

/** Confirms an address: the one signed up with, or the new one of an e-mail change. */
export async function verifyEmail({ db }: AuthDeps, token: string): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      const row = await consumeUserToken(
        tx,
        token,
        ['verify_email', 'change_email'],
        invalidVerifyLink,
      );
      const [user] = await tx
        .update(users)
        .set({ email: row.email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(users.id, row.userId),
            isNull(users.deletedAt),
            // A sign-up link only confirms the address it was sent to, never undoes a change.
            row.purpose === 'verify_email' ? eq(users.email, row.email) : undefined,
          ),
        )
        .returning();
      if (!user) throw new AppError('INVALID_TOKEN', { message: invalidVerifyLink });
      forgetCachedUser(user.id);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** A new verification link for a signed-in user who has not confirmed yet. */
export async function resendVerification(
  { db, config }: AuthDeps,
  userId: string,
): Promise<{ alreadyVerified: boolean }> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED', { message: 'Please sign in to continue' });
  if (user.emailVerifiedAt) return { alreadyVerified: true };
  await db.transaction((tx) =>
    mailUserLink(tx, {
      userId: user.id,
      purpose: 'verify_email',
      email: user.email,
      render: (token) => verifyEmailMail(config, user.fullName, token),
    }),
  );
  return { alreadyVerified: false };
}
