import {
  adminAuthStatusSchema,
  adminLoginRefusedSchema,
  adminLoginResultSchema,
  adminLoginSchema,
  adminLogoutResultSchema,
  adminSetupSchema,
  invitationAcceptSchema,
  invitationLookupSchema,
  invitationSummarySchema,
  type Admin,
} from '#shared/admin.schemas.ts';
import type { admins } from '#db/schema/index.ts';
import { cookieRefreshRefusedSchema, cookieRefreshSchema } from '#shared/auth.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { noCacheHeaders } from '../../lib/no-cache.ts';
import { AppError } from '../../plugins/errors.ts';
import { endSession, loadSessionAdmin, startAdminSession } from '../../plugins/sessions.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { completeSetup, loginAdmin } from './admin-auth.service.ts';
import { acceptInvitation, lookupInvitation } from './administrators.service.ts';

type AdminRow = typeof admins.$inferSelect;

/** Sign-in refusals answered as `{ success: false, error, code }` (SPEC §7's login answer). */
const loginRefusals = new Set([
  'INVALID_CREDENTIALS',
  'TWO_FACTOR_REQUIRED',
  'INVALID_TWO_FACTOR_CODE',
  'ACCOUNT_DISABLED',
]);

/** Who signed in, as the client sees them (the session's own view: sessions.ts). */
const adminOf = (row: AdminRow, requireTwoFactor: boolean): Admin => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  permissions: row.permissions,
  twoFactorEnabled: row.totpEnabledAt !== null,
  mustEnrolTwoFactor: requireTwoFactor && row.totpEnabledAt === null,
});

const sessionView = ({
  id,
  email,
  name,
  role,
  permissions,
  twoFactorEnabled,
  mustEnrolTwoFactor,
}: Admin) => ({ id, email, name, role, permissions, twoFactorEnabled, mustEnrolTwoFactor });

/** Administrator sign-in, sign-out and session state (SPEC §7). */
export function adminAuthRoutes(app: AppInstance): void {
  const { db } = app.database;
  const toAdmin = (row: AdminRow) => adminOf(row, app.config.adminRequire2fa);

  app.post(
    '/api/admin/login',
    {
      schema: {
        body: adminLoginSchema,
        response: {
          200: adminLoginResultSchema,
          ...errorResponses(...stateChangeErrors, 429),
          401: adminLoginRefusedSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const admin = await loginAdmin(db, app.secretBox, { ...request.body, ip: request.ip });
        await startAdminSession(db, request, reply, admin.id);
        return { success: true as const, admin: toAdmin(admin) };
      } catch (error) {
        if (error instanceof AppError && loginRefusals.has(error.code)) {
          return reply.status(401).send({ success: false, error: error.message, code: error.code });
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/admin/logout',
    {
      schema: {
        response: { 200: adminLogoutResultSchema, ...errorResponses(...stateChangeErrors) },
      },
    },
    async (request, reply) => {
      const admin = await loadSessionAdmin(request, reply, { touch: false });
      if (admin) {
        await recordAudit(db, {
          adminId: admin.id,
          actor: admin.email,
          action: 'admin.logout',
          ip: request.ip,
        });
      }
      await endSession(request, reply, 'admin');
      return { success: true as const };
    },
  );

  // Polled every 5 s by every open page: one indexed read, never a write.
  app.get(
    '/api/admin/auth-status',
    { schema: { response: { 200: adminAuthStatusSchema, ...errorResponses() } } },
    async (request, reply) => {
      reply.headers(noCacheHeaders);
      const admin = await loadSessionAdmin(request, reply, { touch: false });
      return { authenticated: admin !== null, admin: admin ? sessionView(admin) : null };
    },
  );

  app.get(
    '/api/admin/cookie-refresh',
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
      if (await loadSessionAdmin(request, reply)) return { authenticated: true as const };
      return reply.status(401).send({
        authenticated: false,
        error: 'Administrator sign-in required',
        code: 'UNAUTHORIZED',
      });
    },
  );

  app.post(
    '/api/admin/setup',
    {
      schema: {
        body: adminSetupSchema,
        response: {
          201: adminLoginResultSchema,
          ...errorResponses(...stateChangeErrors, 409, 429),
        },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const admin = await completeSetup(db, { ...request.body, ip: request.ip });
      await startAdminSession(db, request, reply, admin.id);
      return reply.status(201).send({ success: true as const, admin: toAdmin(admin) });
    },
  );

  // An owner's invitation: whom it is for, then the new administrator's name and password.
  const invitationLimit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };
  app.post(
    '/api/admin/invitations/lookup',
    {
      schema: {
        body: invitationLookupSchema,
        response: {
          200: invitationSummarySchema,
          ...errorResponses(...stateChangeErrors, 429),
        },
      },
      config: invitationLimit,
    },
    (request) => lookupInvitation(db, { token: request.body.token, ip: request.ip }),
  );

  app.post(
    '/api/admin/invitations/accept',
    {
      schema: {
        body: invitationAcceptSchema,
        response: {
          201: adminLoginResultSchema,
          ...errorResponses(...stateChangeErrors, 409, 429),
        },
      },
      config: invitationLimit,
    },
    async (request, reply) => {
      const admin = await acceptInvitation(db, app.config, { ...request.body, ip: request.ip });
      await startAdminSession(db, request, reply, admin.id);
      return reply.status(201).send({ success: true as const, admin: toAdmin(admin) });
    },
  );
}

/** The admin API paths anyone may call; every other /api/admin/ path needs an admin session. */
export const openAdminPaths = [
  '/api/admin/login',
  '/api/admin/logout',
  '/api/admin/auth-status',
  '/api/admin/cookie-refresh',
  '/api/admin/setup',
  '/api/admin/invitations/lookup',
  '/api/admin/invitations/accept',
];
