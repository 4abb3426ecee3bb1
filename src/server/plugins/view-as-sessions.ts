import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '#db/client.ts';
import { admins, sessions, users, viewAsSessions } from '#db/schema/index.ts';
import { viewAsHintCookie } from '#shared/session-hint.ts';
import type { AppInstance } from '../app-instance.ts';
import { createSecureToken } from '../lib/secure-token.ts';
import { AppError } from './errors.ts';
import { cookieScope, hashedCookie, sessionIdOf } from './session-cookies.ts';

/**
 * "View as customer" (decision 024): an administrator sees the customer area as one customer.
 * The view is a session of its own (`view_as_sessions`), tied to the administrator's session: it
 * counts only beside that session's cookie, ends with it (sign-out, disabling, expiry) and after
 * 30 minutes at most. It stands in for the customer's session on the customer's routes, and
 * read-only: every request that could change something answers 403, except the back office's
 * own, which never look at the view (they answer to the administrator's session alone).
 */

const viewAsCookie = 'view_as_sid';
const viewAsMinutes = 30;
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A live view: whose account, and who is looking. */
export interface ViewedBy {
  viewId: string;
  userId: string;
  customerName: string;
  adminId: string;
  adminName: string;
}

/** Each request's view, looked up once (the read-only guard and the session both ask). */
const viewsOf = new WeakMap<FastifyRequest, ViewedBy | null>();

function clearViewAsCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(viewAsCookie, { ...cookieScope(request), httpOnly: true });
  reply.clearCookie(viewAsHintCookie, cookieScope(request));
}

/**
 * The view this request is in, or null: its cookie names a view that has not expired, whose
 * administrator's session (this request's own administrator cookie) is live and not disabled.
 * A cookie that names no such view is cleared.
 */
export async function loadViewAs(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ViewedBy | null> {
  const known = viewsOf.get(request);
  if (known !== undefined) return known;
  const viewId = hashedCookie(request, viewAsCookie);
  const adminSessionId = sessionIdOf(request, 'admin');
  let view: ViewedBy | null = null;
  if (viewId && adminSessionId) {
    const [row] = await request.server.database.db
      .select({
        viewId: viewAsSessions.id,
        userId: users.id,
        customerName: users.fullName,
        adminId: admins.id,
        adminName: admins.name,
      })
      .from(viewAsSessions)
      .innerJoin(sessions, eq(sessions.id, viewAsSessions.adminSessionId))
      .innerJoin(admins, eq(admins.id, sessions.adminId))
      .innerJoin(users, eq(users.id, viewAsSessions.userId))
      .where(
        and(
          eq(viewAsSessions.id, viewId),
          eq(viewAsSessions.adminSessionId, adminSessionId),
          gt(viewAsSessions.expiresAt, sql`now()`),
          eq(sessions.kind, 'admin'),
          gt(sessions.expiresAt, sql`now()`),
          isNull(admins.disabledAt),
        ),
      )
      .limit(1);
    view = row ?? null;
  }
  if (!view && (request.cookies[viewAsCookie] || request.cookies[viewAsHintCookie]))
    clearViewAsCookies(request, reply);
  viewsOf.set(request, view);
  return view;
}

/**
 * Opens a view of `userId`'s account for the administrator signed in on this request (the one
 * view of that session: an earlier one ends), in the caller's transaction.
 */
export async function startViewAsSession(
  db: Db | Tx,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const adminSessionId = sessionIdOf(request, 'admin');
  if (!adminSessionId)
    throw new AppError('UNAUTHORIZED', { message: 'Administrator sign-in required' });
  await db
    .delete(viewAsSessions)
    .where(
      or(
        eq(viewAsSessions.adminSessionId, adminSessionId),
        lte(viewAsSessions.expiresAt, sql`now()`),
      ),
    );
  const { token, hash } = createSecureToken();
  await db.insert(viewAsSessions).values({
    id: hash,
    adminSessionId,
    userId,
    expiresAt: sql`now() + make_interval(mins => ${viewAsMinutes})`,
  });
  const scope = { ...cookieScope(request), maxAge: viewAsMinutes * 60 };
  reply.setCookie(viewAsCookie, token, { ...scope, httpOnly: true });
  reply.setCookie(viewAsHintCookie, '1', scope);
}

/**
 * Ends this request's view (only its own administrator's), whatever state it is in; the id of
 * the customer it showed, or null when there was none.
 */
export async function endViewAsSession(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  const viewId = hashedCookie(request, viewAsCookie);
  const adminSessionId = sessionIdOf(request, 'admin');
  clearViewAsCookies(request, reply);
  viewsOf.set(request, null);
  if (!viewId || !adminSessionId) return null;
  const [ended] = await request.server.database.db
    .delete(viewAsSessions)
    .where(and(eq(viewAsSessions.id, viewId), eq(viewAsSessions.adminSessionId, adminSessionId)))
    .returning({ userId: viewAsSessions.userId });
  return ended?.userId ?? null;
}

/** Signing out of the back office: the view's row goes with the session, its cookies go here. */
export function forgetViewAs(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[viewAsCookie]) clearViewAsCookies(request, reply);
  viewsOf.set(request, null);
}

/**
 * The view is read-only: a request that could change something (any method but GET, HEAD,
 * OPTIONS) answers 403 while it is in a live view, before any route sees it, unless it is the
 * back office's own (ending the view is one).
 */
export function guardViewAsReadOnly(app: AppInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (safeMethods.has(request.method) || !request.cookies[viewAsCookie]) return;
    if (request.routeOptions.url?.startsWith('/api/admin/')) return;
    const view = await loadViewAs(request, reply);
    if (view) {
      throw new AppError('FORBIDDEN', {
        message: `You are viewing ${view.customerName}’s account read-only: nothing can be changed here. Exit the view to go back to the back office.`,
      });
    }
  });
}
