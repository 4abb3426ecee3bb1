import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminSessionHintCookie, sessionHintCookie } from '#shared/session-hint.ts';
import { hashToken } from '../lib/secure-token.ts';

/**
 * The cookies of the sessions (sessions.ts) and of the view as a customer (view-as-sessions.ts):
 * their names, where they live, and the hashed id a session cookie carries.
 */

export type SessionKind = 'user' | 'admin';

/** Customer and administrator sessions live in separate cookies (DESIGN.md). */
export const sessionCookieNames: Record<SessionKind, string> = { user: 'sid', admin: 'admin_sid' };
/** Their readable hints (shared/session-hint.ts), set and cleared with them. */
export const hintCookieNames: Record<SessionKind, string> = {
  user: sessionHintCookie,
  admin: adminSessionHintCookie,
};

/** Where every such cookie lives; a session's is also HttpOnly, a hint is read by the page. */
export const cookieScope = (request: FastifyRequest) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: request.server.config.secureCookies,
});

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
) {
  reply.clearCookie(sessionCookieNames[kind], { ...cookieScope(request), httpOnly: true });
  reply.clearCookie(hintCookieNames[kind], cookieScope(request));
}

/** The hashed id a session cookie carries, if the request has a plausible one. */
export function hashedCookie(request: FastifyRequest, name: string): string | null {
  const token = request.cookies[name];
  return token && token.length <= 100 ? hashToken(token) : null;
}

/** The hashed id of this request's session cookie of `kind`, if it carries a plausible one. */
export const sessionIdOf = (request: FastifyRequest, kind: SessionKind): string | null =>
  hashedCookie(request, sessionCookieNames[kind]);
