import cookie from '@fastify/cookie';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '#db/client.ts';
import { sessions, users } from '#db/schema/index.ts';
import type { AppInstance } from '../app.ts';
import { createSecureToken, hashToken } from '../lib/secure-token.ts';
import { AppError } from './errors.ts';
import { forgetSession, forgetUser, recallSession, rememberSession } from './session-cache.ts';

export type SessionKind = 'user' | 'admin';

/** Customer and administrator sessions live in separate cookies (DESIGN.md). */
export const sessionCookieNames: Record<SessionKind, string> = { user: 'sid', admin: 'admin_sid' };

const userSessionDays = 30;
const dayMs = 86_400_000;
/** A session's expiry slides forward at most this often, so reads stay cheap. */
const touchEveryMs = 60_000;

export interface SessionUser {
  sessionId: string;
  id: string;
  email: string;
  fullName: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer once loaded: undefined = not looked up yet. */
    sessionUser: SessionUser | null | undefined;
  }
}

export async function registerSessions(app: AppInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('sessionUser', undefined);
}

function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  token: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(sessionCookieNames[kind], token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.secureCookies,
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
) {
  reply.clearCookie(sessionCookieNames[kind], {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.secureCookies,
  });
}

/**
 * Signs a customer in: always a new session id (no fixation), the old one of this browser ended.
 * Runs in the caller's transaction when given one.
 */
export async function startUserSession(
  db: Db | Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const previous = request.cookies[sessionCookieNames.user];
  if (previous) {
    forgetSession(hashToken(previous));
    await db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
  }
  const { token, hash } = createSecureToken();
  await db.insert(sessions).values({
    id: hash,
    kind: 'user',
    userId,
    ip: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
    expiresAt: new Date(Date.now() + userSessionDays * dayMs),
  });
  setSessionCookie(request, reply, 'user', token, userSessionDays * 86_400);
  request.sessionUser = undefined;
}

/** The signed-in customer of this request, or null; slides the 30-day expiry while in use. */
export async function loadSessionUser(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const token = request.cookies[sessionCookieNames.user];
  if (!token || token.length > 100) return (request.sessionUser = null);
  const id = hashToken(token);
  const { db } = request.server.database;
  const cached = recallSession<SessionUser>(id);
  if (cached && Date.now() - cached.lastSeenAt <= touchEveryMs) {
    return (request.sessionUser = cached.value);
  }
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), eq(sessions.kind, 'user'), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) {
    clearSessionCookie(request, reply, 'user');
    return (request.sessionUser = null);
  }
  let lastSeenAt = row.lastSeenAt.getTime();
  if (Date.now() - lastSeenAt > touchEveryMs) {
    lastSeenAt = Date.now();
    await db
      .update(sessions)
      .set({
        lastSeenAt: sql`now()`,
        expiresAt: sql`now() + make_interval(days => ${userSessionDays})`,
      })
      .where(eq(sessions.id, id));
    setSessionCookie(request, reply, 'user', token, userSessionDays * 86_400);
  }
  const user: SessionUser = {
    sessionId: row.sessionId,
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    emailVerifiedAt: row.emailVerifiedAt,
    createdAt: row.createdAt,
  };
  rememberSession(id, { value: user, userId: user.id, lastSeenAt });
  return (request.sessionUser = user);
}

/** Guard for customer routes: 401 without a valid session. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  const user = await loadSessionUser(request, reply);
  if (!user) throw new AppError('UNAUTHORIZED', { message: 'Please sign in to continue' });
  return user;
}

/** Ends this browser's customer session. */
export async function endUserSession(request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[sessionCookieNames.user];
  if (token) {
    forgetSession(hashToken(token));
    await request.server.database.db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  }
  clearSessionCookie(request, reply, 'user');
  request.sessionUser = null;
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
