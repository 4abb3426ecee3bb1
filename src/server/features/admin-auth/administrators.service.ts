import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { adminInvitations, admins } from '#db/schema/index.ts';
import type {
  AdminInvitation,
  Administrator,
  AdministratorUpdate,
  Administrators,
  AdminRole,
  InvitationSummary,
} from '#shared/admin.schemas.ts';
import type { Config } from '../../config.ts';
import { renderMail } from '../../integrations/mail/mail-template.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { hashToken } from '../../lib/secure-token.ts';
import { withLinkAttempt } from '../../lib/login-throttle.ts';
import { tokenMintedOnDelivery } from '#shared/mail-links.ts';
import { unmintedTokenHash } from '../../integrations/mail/mail-links.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { createAdmin, endAdminSessions } from './admin-accounts.ts';
import { resetTwoFactor } from './two-factor.service.ts';

/** Who does it, for the audit log. */
export type AdminActor = { id: string; email: string; ip: string };

const auditOf = (actor: AdminActor) => ({ adminId: actor.id, actor: actor.email, ip: actor.ip });

const invitationDays = 7;
const iso = (date: Date) => date.toISOString();

const openInvitation = and(
  isNull(adminInvitations.acceptedAt),
  gt(adminInvitations.expiresAt, sql`now()`),
);

export const toAdministrator = (row: typeof admins.$inferSelect): Administrator => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  permissions: row.permissions,
  twoFactorEnabled: row.totpEnabledAt !== null,
  disabled: row.disabledAt !== null,
  lastLoginAt: row.lastLoginAt ? iso(row.lastLoginAt) : null,
  createdAt: iso(row.createdAt),
});

export async function listAdministrators(db: Db): Promise<Administrators> {
  const rows = await db.select().from(admins).orderBy(asc(admins.createdAt));
  const invitations = await db
    .select()
    .from(adminInvitations)
    .where(openInvitation)
    .orderBy(asc(adminInvitations.createdAt));
  return { administrators: rows.map(toAdministrator), invitations: invitations.map(toInvitation) };
}

const toInvitation = (row: typeof adminInvitations.$inferSelect): AdminInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: iso(row.expiresAt),
  createdAt: iso(row.createdAt),
});

const roleWords: Record<AdminRole, string> = {
  owner:
    'an owner (administrators, refunds, the catalogue and the data, as well as the daily work)',
  staff: 'staff (orders, support tickets, website projects and domains)',
};

/**
 * Mails a one-time link to join the back office as `role`; a newer invitation to the same address
 * replaces the older one, so only the latest link works.
 */
export async function inviteAdministrator(
  db: Db,
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: { email: string; role: AdminRole },
  actor: AdminActor,
): Promise<AdminInvitation> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.email, input.email));
    if (existing) {
      throw new AppError('CONFLICT', {
        message: `${input.email} already has a back-office account`,
      });
    }
    await tx
      .delete(adminInvitations)
      .where(and(eq(adminInvitations.email, input.email), isNull(adminInvitations.acceptedAt)));
    const [row] = await tx
      .insert(adminInvitations)
      .values({
        email: input.email,
        role: input.role,
        tokenHash: unmintedTokenHash(),
        invitedBy: actor.id,
        expiresAt: sql`now() + make_interval(days => ${invitationDays})`,
      })
      .returning();
    await queueMail(tx, {
      to: input.email,
      ...renderMail(config, {
        subject: `You are invited to the ${config.site.siteName} back office`,
        greeting: 'Hello,',
        paragraphs: [
          `${actor.email} has invited you to the ${config.site.siteName} back office as ${roleWords[input.role]}.`,
          'Choose your name and a password to accept. You will then set up an authenticator app as a second factor.',
        ],
        action: {
          label: 'Accept the invitation',
          url: `${config.publicUrl}/admin/invitation?token=${tokenMintedOnDelivery}`,
        },
        footnote: `The link works once, for ${invitationDays} days. If you did not expect it, ignore this mail.`,
      }),
      linkToken: { kind: 'admin_invitation', id: row!.id },
    });
    await recordAudit(tx, {
      ...auditOf(actor),
      action: 'admin.invited',
      entityType: 'admin_invitation',
      entityId: row!.id,
      details: { email: input.email, role: input.role },
    });
    return toInvitation(row!);
  });
}

export async function revokeInvitation(db: Db, id: string, actor: AdminActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(adminInvitations)
      .where(and(eq(adminInvitations.id, id), isNull(adminInvitations.acceptedAt)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', { message: 'No open invitation has this id' });
    await recordAudit(tx, {
      ...auditOf(actor),
      action: 'admin.invitation_revoked',
      entityType: 'admin_invitation',
      entityId: id,
      details: { email: row.email },
    });
  });
}

const invalidInvitation =
  'This invitation link is not valid: it was used, replaced by a newer one, withdrawn or is more than 7 days old. Ask an owner for a new one.';

/** Whom an invitation is for; tries are counted per address like acceptInvitation's. */
export async function lookupInvitation(
  db: Db,
  input: { token: string; ip: string },
): Promise<InvitationSummary> {
  return withLinkAttempt(db, 'invitation', input.ip, async () => {
    const [row] = await db
      .select()
      .from(adminInvitations)
      .where(and(eq(adminInvitations.tokenHash, hashToken(input.token)), openInvitation));
    if (!row) throw new AppError('INVALID_TOKEN', { message: invalidInvitation });
    return { email: row.email, role: row.role };
  });
}

/**
 * Spends the invitation and creates its administrator in one transaction: the link works once.
 * Tries are counted per address before the token is looked up (a wrong, used or expired one is a
 * failure; 429 when too many).
 */
export async function acceptInvitation(
  db: Db,
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: { token: string; name: string; password: string; ip: string },
) {
  return withLinkAttempt(db, 'invitation', input.ip, () => spendInvitation(db, config, input));
}

async function spendInvitation(
  db: Db,
  config: Pick<Config, 'site' | 'publicUrl'>,
  input: { token: string; name: string; password: string; ip: string },
) {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(adminInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(adminInvitations.tokenHash, hashToken(input.token)), openInvitation))
      .returning();
    if (!invitation) throw new AppError('INVALID_TOKEN', { message: invalidInvitation });
    const admin = await createAdmin(
      tx,
      {
        email: invitation.email,
        name: input.name,
        password: input.password,
        role: invitation.role,
      },
      { actor: invitation.email, adminId: null, ip: input.ip },
    );
    await recordAudit(tx, {
      actor: invitation.email,
      adminId: admin.id,
      ip: input.ip,
      action: 'admin.invitation_accepted',
      entityType: 'admin_invitation',
      entityId: invitation.id,
      details: { email: invitation.email, role: invitation.role, invitedBy: invitation.invitedBy },
    });
    await tellOwnersOfNewcomer(tx, config, admin);
    return admin;
  });
}

/**
 * Every active owner hears at once that someone joined through an invitation, so a link that
 * reached the wrong hands is noticed the same day.
 */
async function tellOwnersOfNewcomer(
  tx: Tx,
  config: Pick<Config, 'site' | 'publicUrl'>,
  admin: { name: string; email: string; role: AdminRole },
): Promise<void> {
  const owners = await tx
    .select({ email: admins.email })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), isNull(admins.disabledAt)));
  for (const owner of owners.filter((o) => o.email !== admin.email)) {
    await queueMail(tx, {
      to: owner.email,
      ...renderMail(config, {
        subject: `${admin.name} joined the ${config.site.siteName} back office`,
        greeting: 'Hello,',
        paragraphs: [
          `${admin.name} (${admin.email}) accepted an invitation and joined the back office as ${roleWords[admin.role]}.`,
          'If you did not expect this, disable the account at once under Administrators and check the audit log.',
        ],
        action: { label: 'Open Administrators', url: `${config.publicUrl}/admin/administrators` },
      }),
    });
  }
}

/**
 * Locks the active owners in one order (by id) before any single row, so two owners demoting
 * each other queue up instead of deadlocking on PostgreSQL.
 */
async function lockActiveOwners(tx: Tx): Promise<string[]> {
  const owners = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), isNull(admins.disabledAt)))
    .orderBy(admins.id)
    .for('update');
  return owners.map((owner) => owner.id);
}

/** Refuses a change that would leave no active owner (the owners are locked already). */
function assertAnOwnerRemains(owners: string[], changing: string): void {
  if (owners.every((owner) => owner === changing)) {
    throw new AppError('CONFLICT', {
      message: 'The business needs at least one active owner: make someone else an owner first',
    });
  }
}

/**
 * A new role, permissions, or disabling (which signs out everywhere) / enabling; never one's own
 * account.
 */
export async function updateAdministrator(
  db: Db,
  id: string,
  update: AdministratorUpdate,
  actor: AdminActor,
) {
  if (id === actor.id) {
    throw new AppError('CONFLICT', {
      message: 'You cannot change your own role or disable your own account',
    });
  }
  const mayRemoveAnOwner = update.role === 'staff' || update.disabled === true;
  return db.transaction(async (tx) => {
    const owners = mayRemoveAnOwner ? await lockActiveOwners(tx) : [];
    const [target] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
    if (!target) throw new AppError('NOT_FOUND', { message: 'No administrator has this id' });
    const losesOwner = mayRemoveAnOwner && target.role === 'owner' && !target.disabledAt;
    if (losesOwner) assertAnOwnerRemains(owners, id);
    const [row] = await tx
      .update(admins)
      .set({
        ...(update.role ? { role: update.role } : {}),
        ...(update.permissions ? { permissions: [...new Set(update.permissions)] } : {}),
        ...(update.disabled === undefined
          ? {}
          : { disabledAt: update.disabled ? sql`coalesce(${admins.disabledAt}, now())` : null }),
      })
      .where(eq(admins.id, id))
      .returning();
    if (update.disabled) await endAdminSessions(tx, id);
    const samePermissions =
      [...target.permissions].sort().join() === [...row!.permissions].sort().join();
    const changes = [
      ...(update.role && update.role !== target.role ? ['admin.role_changed'] : []),
      ...(samePermissions ? [] : ['admin.permissions_changed']),
      ...(update.disabled === true && !target.disabledAt ? ['admin.disabled'] : []),
      ...(update.disabled === false && target.disabledAt ? ['admin.enabled'] : []),
    ];
    for (const action of changes) {
      await recordAudit(tx, {
        ...auditOf(actor),
        action,
        entityType: 'admin',
        entityId: id,
        details:
          action === 'admin.permissions_changed'
            ? { email: target.email, from: target.permissions, to: row!.permissions }
            : { email: target.email, from: target.role, to: row!.role },
      });
    }
    return toAdministrator(row!);
  });
}

export async function resetAdministratorTwoFactor(
  db: Db,
  id: string,
  actor: AdminActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
    if (!target) throw new AppError('NOT_FOUND', { message: 'No administrator has this id' });
    await resetTwoFactor(tx, id);
    await recordAudit(tx, {
      ...auditOf(actor),
      action: 'admin.two_factor_reset',
      entityType: 'admin',
      entityId: id,
      details: { email: target.email },
    });
  });
}
