import { desc, eq, sql } from 'drizzle-orm';
import { loginFailures, mailOutbox, sessions, userTokens, users } from '#db/schema/index.ts';
import type { Profile } from '#shared/auth.schemas.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { AppError } from '../../plugins/errors.ts';
import { endOtherUserSessions, forgetCachedUser } from '../../plugins/sessions.ts';
import {
  changeEmailMail,
  emailChangeNoticeMail,
  passwordChangedMail,
} from '../auth/account-mails.service.ts';
import { emailTaken, findActiveUserByEmail, toUser, type AuthDeps } from '../auth/auth.service.ts';
import { findPendingEmail, mailUserLink } from '../auth/user-tokens.service.ts';
import { deleteCustomerTickets, exportCustomerTickets } from '../tickets/tickets.service.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { eraseCustomerRecords, exportCustomerRecords, withoutSecrets } from './personal-data.ts';

export { anonymiseExpiredRecords } from './personal-data.ts';

async function loadUser({ db }: AuthDeps, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.deletedAt) {
    throw new AppError('UNAUTHORIZED', { message: 'Please sign in to continue' });
  }
  return user;
}

/** Checks the current password before a sensitive change (400 on the field, not a 401). */
async function assertCurrentPassword(passwordHash: string | null, password: string, field: string) {
  if (!(await verifyPassword(passwordHash, password))) {
    throw new AppError('BAD_REQUEST', {
      message: 'Your current password is not correct',
      issues: [{ path: field, message: 'Your current password is not correct' }],
    });
  }
}

export async function getProfile(deps: AuthDeps, userId: string): Promise<Profile> {
  const user = await loadUser(deps, userId);
  return {
    ...toUser(user),
    phone: user.phone,
    company: user.company,
    address: user.address,
    vatNumber: user.vatNumber,
    pendingEmail: await findPendingEmail(deps.db, userId),
  };
}

export async function updateProfile(
  deps: AuthDeps,
  userId: string,
  input: {
    fullName: string;
    phone?: string | null;
    company?: string | null;
    address?: string | null;
    vatNumber?: string | null;
  },
): Promise<Profile> {
  await deps.db
    .update(users)
    .set({
      fullName: input.fullName,
      phone: input.phone ?? null,
      company: input.company ?? null,
      address: input.address ?? null,
      vatNumber: input.vatNumber ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  forgetCachedUser(userId);
  return getProfile(deps, userId);
}

/** Mails a confirmation link to the new address (and a notice to the old one). */
export async function requestEmailChange(
  deps: AuthDeps,
  userId: string,
  input: { email: string; currentPassword: string },
): Promise<Profile> {
  const user = await loadUser(deps, userId);
  await assertCurrentPassword(user.passwordHash, input.currentPassword, 'currentPassword');
  if (input.email === user.email) {
    throw new AppError('BAD_REQUEST', {
      message: 'That is already your e-mail address',
      issues: [{ path: 'email', message: 'That is already your e-mail address' }],
    });
  }
  if (await findActiveUserByEmail(deps.db, input.email)) throw emailTaken();
  await deps.db.transaction(async (tx) => {
    await mailUserLink(tx, {
      userId,
      purpose: 'change_email',
      email: input.email,
      render: (token) => changeEmailMail(deps.config, user.fullName, token),
    });
    await queueMail(tx, {
      to: user.email,
      userId,
      ...emailChangeNoticeMail(deps.config, user.fullName, input.email),
    });
  });
  return getProfile(deps, userId);
}

/** Needs the current password; signs out every other device. */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  input: { currentPassword: string; newPassword: string; sessionId: string },
): Promise<void> {
  const user = await loadUser(deps, userId);
  await assertCurrentPassword(user.passwordHash, input.currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await endOtherUserSessions(tx, userId, input.sessionId);
    await queueMail(tx, {
      to: user.email,
      userId,
      ...passwordChangedMail(deps.config, user.fullName),
    });
  });
}

/** POPIA access request: everything held about the user, without secrets (hashes, tokens). */
export async function exportUserData(deps: AuthDeps, userId: string) {
  const { db } = deps;
  const profile = await getProfile(deps, userId);
  const [userSessions, links, mails, failures, tickets] = await Promise.all([
    db
      .select({
        signedInAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    db
      .select({
        purpose: userTokens.purpose,
        email: userTokens.email,
        createdAt: userTokens.createdAt,
        expiresAt: userTokens.expiresAt,
        usedAt: userTokens.usedAt,
      })
      .from(userTokens)
      .where(eq(userTokens.userId, userId))
      .orderBy(desc(userTokens.createdAt)),
    db
      .select({
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, userId))
      .orderBy(desc(mailOutbox.createdAt)),
    db
      .select({ at: loginFailures.createdAt })
      .from(loginFailures)
      .where(eq(loginFailures.key, `account:${profile.email}`))
      .orderBy(desc(loginFailures.createdAt)),
    exportCustomerTickets(db, userId),
  ]);
  const records = await exportCustomerRecords(db, userId);
  await recordAudit(db, {
    adminId: null,
    actor: `customer ${userId}`,
    action: 'account.exported',
    entityType: 'user',
    entityId: userId,
  });
  return {
    exportedAt: new Date().toISOString(),
    site: deps.config.site.siteName,
    profile,
    sessions: userSessions,
    emailLinks: links,
    // Stored e-mails without their links' secrets: a working reset link would be a way in.
    emails: mails.map((mail) => ({ ...mail, text: withoutSecrets(mail.text) })),
    failedSignIns: failures,
    supportTickets: tickets,
    ...records,
  };
}

/**
 * POPIA deletion: personal data is erased and the person signed out everywhere. The row stays,
 * anonymised, because orders and invoices must be kept and point at it.
 */
export async function deleteAccount(
  deps: AuthDeps,
  userId: string,
  input: { password: string },
): Promise<void> {
  const user = await loadUser(deps, userId);
  await assertCurrentPassword(user.passwordHash, input.password, 'password');
  await deps.db.transaction(async (tx) => {
    await endOtherUserSessions(tx, userId);
    await tx.delete(userTokens).where(eq(userTokens.userId, userId));
    await tx.delete(mailOutbox).where(eq(mailOutbox.userId, userId));
    await tx.delete(loginFailures).where(eq(loginFailures.key, `account:${user.email}`));
    await deleteCustomerTickets(tx, userId);
    await eraseCustomerRecords(tx, userId);
    await recordAudit(tx, {
      adminId: null,
      actor: `customer ${userId}`,
      action: 'account.deleted',
      entityType: 'user',
      entityId: userId,
    });
    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        fullName: 'Deleted customer',
        passwordHash: null,
        phone: null,
        company: null,
        address: null,
        vatNumber: null,
        emailVerifiedAt: null,
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  });
}
