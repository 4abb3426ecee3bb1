import cookie from '@fastify/cookie';
import { and, desc, eq, gt, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '#db/client.ts';
import { admins, sessions, users } from '#db/schema/index.ts';
import type { AdminPermission } from '#shared/admin.schemas.ts';
import { sessionHintCookie } from '#shared/session-hint.ts';
import type { AppInstance } from '../app-instance.ts';
import { createSecureToken } from '../lib/secure-token.ts';
import { AppError } from './errors.ts';
import { forgetSession, forgetUser, recallSession, rememberSession } from './session-cache.ts';
import {
  clearSessionCookie,
  cookieScope,
  hintCookieNames,
  sessionCookieNames,
  sessionIdOf,
  type SessionKind,
} from './session-cookies.ts';
import {
  forgetViewAs,
  guardViewAsReadOnly,
  loadViewAs,
  type ViewedBy,
} from './view-as-sessions.ts';

export { clearSessionCookie, sessionCookieNames, type SessionKind };

/** Customers stay signed in 30 days from their last visit; administrators 8 hours idle. */
const lifetimeSeconds: Record<SessionKind, number> = { user: 30 * 86_400, admin: 8 * 3600 };
/**
 * Live sessions one account may hold (issue 25 §4): signing in once more ends the one used least
 * recently (the oldest by last use), so a stolen password cannot pile up sessions without limit.
 */
export const maxSessionsPerAccount: Record<SessionKind, number> = { user: 20, admin: 10 };
/** A session's expiry slides forward at most this often, so reads stay cheap. */
const touchEveryMs = 60_000;

export interface SessionUser {
  sessionId: string;
  id: string;
  email: string;
  fullName: string;
  emailVerifiedAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
  /** Set when this is an administrator's read-only view of the account (view-as-sessions.ts). */
  viewedBy?: ViewedBy;
}

export type AdminRole = 'owner' | 'staff';

export interface SessionAdmin {
  sessionId: string;
  id: string;
  email: string;
  name: string;
  role: AdminRole;
  /** What an owner allowed this staff member beyond the daily work (owners may do it all). */
  permissions: AdminPermission[];
  twoFactorEnabled: boolean;
  /** ADMIN_REQUIRE_2FA is on and this administrator has not set up a second factor yet. */
  mustEnrolTwoFactor: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer once loaded: undefined = not looked up yet. */
    sessionUser: SessionUser | null | undefined;
    sessionAdmin: SessionAdmin | null | undefined;
  }
}

export async function registerSessions(app: AppInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('sessionUser', undefined);
  app.decorateRequest('sessionAdmin', undefined);
  guardViewAsReadOnly(app);
}

function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  token: string,
): void {
  const scope = { ...cookieScope(request), maxAge: lifetimeSeconds[kind] };
  reply.setCookie(sessionCookieNames[kind], token, { ...scope, httpOnly: true });
  reply.setCookie(hintCookieNames[kind], '1', scope);
}

/**
 * Signs someone in: always a new session id (no fixation), this browser's old one of the same
 * kind ended. Runs in the caller's transaction when given one.
 */
async function startSession(
  db: Db | Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  subject: { kind: 'user'; userId: string } | { kind: 'admin'; adminId: string },
): Promise<void> {
  const previous = sessionIdOf(request, subject.kind);
  if (previous) {
    forgetSession(previous);
    await db.delete(sessions).where(eq(sessions.id, previous));
  }
  const { token, hash } = createSecureToken();
  await db.insert(sessions).values({
    id: hash,
    kind: subject.kind,
    userId: subject.kind === 'user' ? subject.userId : null,
    adminId: subject.kind === 'admin' ? subject.adminId : null,
    ip: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
    expiresAt: new Date(Date.now() + lifetimeSeconds[subject.kind] * 1000),
  });
  await endSessionsPastCap(db, subject, hash);
  setSessionCookie(request, reply, subject.kind, token);
}

/**
 * Ends the account's expired sessions and, past `maxSessionsPerAccount`, its least recently used
 * live ones; `newest`, the one just started, always stays.
 */
async function endSessionsPastCap(
  db: Db | Tx,
  subject: { kind: 'user'; userId: string } | { kind: 'admin'; adminId: string },
  newest: string,
): Promise<void> {
  const owner =
    subject.kind === 'user'
      ? eq(sessions.userId, subject.userId)
      : eq(sessions.adminId, subject.adminId);
  const kept = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        owner,
        eq(sessions.kind, subject.kind),
        gt(sessions.expiresAt, sql`now()`),
        ne(sessions.id, newest),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), desc(sessions.id))
    .limit(maxSessionsPerAccount[subject.kind] - 1);
  const ended = await db
    .delete(sessions)
    .where(
      and(
        owner,
        eq(sessions.kind, subject.kind),
        ne(sessions.id, newest),
        notInArray(sessions.id, kept),
      ),
    )
    .returning({ id: sessions.id });
  for (const { id } of ended) forgetSession(id);
}

export async function startUserSession(
  db: Db | Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  await startSession(db, request, reply, { kind: 'user', userId });
  request.sessionUser = undefined;
}

export async function startAdminSession(
  db: Db | Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  adminId: string,
): Promise<void> {
  await startSession(db, request, reply, { kind: 'admin', adminId });
  request.sessionAdmin = undefined;
}

/** Moves a session's idle expiry forward, at most once a minute, and renews its cookie. */
async function touchSession(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  id: string,
  lastSeenAt: number,
): Promise<number> {
  if (Date.now() - lastSeenAt <= touchEveryMs) return lastSeenAt;
  await request.server.database.db
    .update(sessions)
    .set({
      lastSeenAt: sql`now()`,
      expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds[kind]})`,
    })
    .where(eq(sessions.id, id));
  setSessionCookie(request, reply, kind, request.cookies[sessionCookieNames[kind]]!);
  return Date.now();
}

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  emailVerifiedAt: users.emailVerifiedAt,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
};

/**
 * The customer an administrator's live view shows (view-as-sessions.ts), standing in for this
 * browser's own customer session, if any; never cached, as the administrator's session is not.
 */
async function viewedUser(request: FastifyRequest, viewedBy: ViewedBy): Promise<SessionUser> {
  const [user] = await request.server.database.db
    .select(sessionUserColumns)
    .from(users)
    .where(eq(users.id, viewedBy.userId))
    .limit(1);
  return { ...user!, sessionId: viewedBy.viewId, viewedBy };
}

/**
 * The signed-in customer of this request (or the one an administrator views), or null; slides
 * the 30-day expiry while in use.
 */
export async function loadSessionUser(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const viewedBy = await loadViewAs(request, reply);
  if (viewedBy) return (request.sessionUser = await viewedUser(request, viewedBy));
  const id = sessionIdOf(request, 'user');
  if (!id) {
    // The hint outlived its session cookie: it goes too, so the browser stops asking.
    if (request.cookies[sessionHintCookie]) clearSessionCookie(request, reply, 'user');
    return (request.sessionUser = null);
  }
  const cached = recallSession<SessionUser>(id);
  if (cached && Date.now() - cached.lastSeenAt <= touchEveryMs) {
    return (request.sessionUser = cached.value);
  }
  const [row] = await request.server.database.db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, ...sessionUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), eq(sessions.kind, 'user'), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) {
    clearSessionCookie(request, reply, 'user');
    return (request.sessionUser = null);
  }
  const lastSeenAt = await touchSession(request, reply, 'user', id, row.lastSeenAt.getTime());
  const { lastSeenAt: _lastSeen, ...user } = row;
  void _lastSeen;
  rememberSession(id, { value: user, userId: user.id, lastSeenAt });
  return (request.sessionUser = user);
}

/**
 * The signed-in administrator, or null. `touch: false` reads without writing (the 5-second
 * auth-status poll must stay cheap and must not keep an idle session alive).
 */
export async function loadSessionAdmin(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { touch: boolean } = { touch: true },
): Promise<SessionAdmin | null> {
  if (request.sessionAdmin !== undefined) return request.sessionAdmin;
  const id = sessionIdOf(request, 'admin');
  if (!id) return (request.sessionAdmin = null);
  const [row] = await request.server.database.db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: admins.id,
      email: admins.email,
      name: admins.name,
      role: admins.role,
      permissions: admins.permissions,
      totpEnabledAt: admins.totpEnabledAt,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.kind, 'admin'),
        gt(sessions.expiresAt, sql`now()`),
        isNull(admins.disabledAt),
      ),
    )
    .limit(1);
  if (!row) {
    clearSessionCookie(request, reply, 'admin');
    return (request.sessionAdmin = null);
  }
  if (options.touch) await touchSession(request, reply, 'admin', id, row.lastSeenAt.getTime());
  return (request.sessionAdmin = {
    sessionId: row.sessionId,
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: row.permissions,
    twoFactorEnabled: row.totpEnabledAt !== null,
    mustEnrolTwoFactor: request.server.config.adminRequire2fa && row.totpEnabledAt === null,
  });
}

/** The signed-in customer, or 401: the userScope guard (signed-in-scopes.ts) and requireViewer. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  const user = await loadSessionUser(request, reply);
  if (!user) throw new AppError('UNAUTHORIZED', { message: 'Please sign in to continue' });
  return user;
}

/** Who reads a record that both sides may see: an administrator, or its own customer. */
export type Viewer = { admin: true } | { userId: string };

/**
 * In a view as a customer, that customer (the view shows what they see); else an administrator
 * session first (it sees every record, once past its second factor), else the signed-in
 * customer; 401.
 */
export async function requireViewer(request: FastifyRequest, reply: FastifyReply): Promise<Viewer> {
  const viewedBy = await loadViewAs(request, reply);
  if (viewedBy) return { userId: viewedBy.userId };
  const admin = await loadSessionAdmin(request, reply, { touch: false });
  return admin && !admin.mustEnrolTwoFactor
    ? { admin: true }
    : { userId: (await requireUser(request, reply)).id };
}

/**
 * What an admin route needs: `staff` work (orders, tickets, projects, domains), `owner` powers
 * (administrators, refunds, catalogue, data), a permission an owner grants staff (owners have
 * it), or only a session (`enrolment`: setting up the second factor that ADMIN_REQUIRE_2FA asks
 * for before anything else).
 */
export type AdminAccess = AdminRole | AdminPermission | 'enrolment';

/** What staff without the permission are told. */
export const permissionRefusals: Record<AdminPermission, string> = {
  view_as_customer:
    'Viewing the site as a customer needs an owner of the business, or their permission',
};
const isPermission = (access: AdminAccess): access is AdminPermission =>
  access in permissionRefusals;

export const twoFactorSetupRequired = 'Set up two-factor authentication to use the back office';

/**
 * The administrator, or 401 (a customer session never passes), or 403 when the role or the
 * missing second factor forbids the route: the adminScope guard.
 */
export async function requireAdmin(
  request: FastifyRequest,
  reply: FastifyReply,
  access: AdminAccess,
): Promise<SessionAdmin> {
  const admin = await loadSessionAdmin(request, reply);
  if (!admin) {
    throw new AppError('UNAUTHORIZED', { message: 'Administrator sign-in required' });
  }
  if (access === 'enrolment') return admin;
  if (admin.mustEnrolTwoFactor) {
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED', { message: twoFactorSetupRequired });
  }
  if (access === 'owner' && admin.role !== 'owner') {
    throw new AppError('FORBIDDEN', { message: 'Only an owner of the business can do this' });
  }
  if (isPermission(access) && admin.role !== 'owner' && !admin.permissions.includes(access)) {
    throw new AppError('FORBIDDEN', { message: permissionRefusals[access] });
  }
  return admin;
}

/** Ends this browser's session of `kind`. */
export async function endSession(request: FastifyRequest, reply: FastifyReply, kind: SessionKind) {
  const id = sessionIdOf(request, kind);
  if (id) {
    forgetSession(id);
    await request.server.database.db.delete(sessions).where(eq(sessions.id, id));
  }
  clearSessionCookie(request, reply, kind);
  if (kind === 'user') request.sessionUser = null;
  else {
    request.sessionAdmin = null;
    // The administrator's view as a customer ended with the session (its row with the session's).
    forgetViewAs(request, reply);
  }
}

/** Ends every session of a user except, optionally, the one this request is using. */
export async function endOtherUserSessions(
  db: Db | Tx,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  forgetUser(userId);
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}

export { forgetUser as forgetCachedUser };
