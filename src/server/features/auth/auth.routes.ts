import {
  cookieRefreshRefusedSchema,
  cookieRefreshSchema,
  forgotPasswordSchema,
  loginSchema,
  messageSchema,
  registerSchema,
  resetPasswordSchema,
  sessionDiagnosticsSchema,
  userSchema,
  verifyEmailSchema,
} from '#shared/auth.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { noCacheHeaders } from '../../lib/no-cache.ts';
import {
  endSession,
  loadSessionUser,
  sessionCookieNames,
  startUserSession,
} from '../../plugins/sessions.ts';
import { userScope } from '../../plugins/signed-in-scopes.ts';
import {
  loginUser,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  toUser,
  verifyEmail,
} from './auth.service.ts';

const limit = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });

export const forgotPasswordAnswer =
  'If an account exists for that e-mail address, we have sent it a link to reset the password. The link is valid for 1 hour.';

/** Sign-up, sign-in, sign-out and the mailed links of customer accounts (SPEC §7). */
export async function authRoutes(app: AppInstance): Promise<void> {
  const deps = { db: app.database.db, config: app.config };

  app.post(
    '/api/register',
    {
      schema: {
        body: registerSchema,
        response: { 201: userSchema, ...errorResponses(...stateChangeErrors, 409, 429) },
      },
      config: limit(20, '1 hour'),
    },
    async (request, reply) => {
      const user = await registerUser(deps, request.body);
      await startUserSession(app.database.db, request, reply, user.id);
      return reply.status(201).send(toUser(user));
    },
  );

  app.post(
    '/api/login',
    {
      schema: {
        body: loginSchema,
        response: { 200: userSchema, ...errorResponses(...stateChangeErrors, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = await loginUser(deps, { ...request.body, ip: request.ip });
      await startUserSession(app.database.db, request, reply, user.id);
      return toUser(user);
    },
  );

  app.post(
    '/api/logout',
    { schema: { response: { 200: messageSchema, ...errorResponses(...stateChangeErrors) } } },
    async (request, reply) => {
      await endSession(request, reply, 'user');
      return { message: 'You have been successfully logged out.' };
    },
  );

  app.get(
    '/api/cookie-refresh',
    {
      schema: {
        response: {
          200: cookieRefreshSchema,
          ...errorResponses(),
          401: cookieRefreshRefusedSchema,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noCacheHeaders);
      const user = await loadSessionUser(request, reply);
      if (user) return { authenticated: true as const };
      return reply.status(401).send({
        authenticated: false,
        error: 'Not authenticated',
        code: 'UNAUTHORIZED',
      });
    },
  );

  app.post(
    '/api/forgot-password',
    {
      schema: {
        body: forgotPasswordSchema,
        response: { 200: messageSchema, ...errorResponses(...stateChangeErrors, 429) },
      },
      config: limit(10, '15 minutes'),
    },
    async (request) => {
      await requestPasswordReset(deps, request.body.email);
      return { message: forgotPasswordAnswer };
    },
  );

  app.post(
    '/api/reset-password',
    {
      schema: {
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errorResponses(...stateChangeErrors, 429) },
      },
      config: limit(20, '15 minutes'),
    },
    async (request, reply) => {
      const current = await loadSessionUser(request, reply);
      await resetPassword(deps, {
        ...request.body,
        ip: request.ip,
        keepSessionId: current?.sessionId,
      });
      return { message: 'Your password has been changed. You can now sign in with it.' };
    },
  );

  app.post(
    '/api/verify-email',
    {
      schema: {
        body: verifyEmailSchema,
        response: { 200: userSchema, ...errorResponses(...stateChangeErrors, 429) },
      },
      config: limit(20, '15 minutes'),
    },
    async (request, reply) => {
      const user = await verifyEmail(deps, request.body.token);
      // The signed-in copy of the user changed (verified, maybe a new address).
      request.sessionUser = undefined;
      reply.header('cache-control', 'no-store');
      return toUser(user);
    },
  );

  /** The debug pages' view of the caller's own session (SPEC §2): nothing secret. */
  app.get(
    '/api/session-diagnostics',
    {
      schema: {
        response: { 200: sessionDiagnosticsSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      reply.headers(noCacheHeaders);
      const clientType = request.headers['x-client-type'];
      return {
        sessionCookiePresent: Boolean(request.cookies[sessionCookieNames.user]),
        sessionActive: (await loadSessionUser(request, reply)) !== null,
        adminCookiePresent: Boolean(request.cookies[sessionCookieNames.admin]),
        secureConnection: request.protocol === 'https',
        clientType: clientType === 'mobile' || clientType === 'desktop' ? clientType : 'unknown',
      };
    },
  );

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/user',
      { schema: { response: { 200: userSchema, ...errorResponses(401) } } },
      (request) => toUser(request.user),
    );

    scoped.post(
      '/api/user/resend-verification',
      {
        schema: {
          response: { 200: messageSchema, ...errorResponses(...stateChangeErrors, 401, 429) },
        },
        config: limit(5, '15 minutes'),
      },
      async (request) => {
        const { alreadyVerified } = await resendVerification(deps, request.user.id);
        return {
          message: alreadyVerified
            ? 'Your e-mail address is already verified.'
            : `We have sent a new verification link to ${request.user.email}.`,
        };
      },
    );
  });
}
