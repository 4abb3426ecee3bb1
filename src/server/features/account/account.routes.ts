import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  messageSchema,
  profileSchema,
  profileUpdateSchema,
} from '#shared/auth.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { downloadSchema } from '#shared/http.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { clearSessionCookie, requireUser } from '../../plugins/sessions.ts';
import {
  changePassword,
  deleteAccount,
  exportUserData,
  getProfile,
  requestEmailChange,
  updateProfile,
} from './account.service.ts';

const sensitive = { signedIn: true, rateLimit: { max: 10, timeWindow: '15 minutes' } };

/** The signed-in customer's own account: profile, e-mail, password, POPIA export and deletion. */
export function accountRoutes(app: AppInstance): void {
  const deps = { db: app.database.db, config: app.config };

  app.get(
    '/api/user/profile',
    { schema: { response: { 200: profileSchema, ...errorResponses(401) } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', 'private, no-store');
      return getProfile(deps, user.id);
    },
  );

  app.patch(
    '/api/user/profile',
    {
      schema: {
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errorResponses(...stateChangeErrors, 401) },
      },
      config: { signedIn: true },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      return updateProfile(deps, user.id, request.body);
    },
  );

  app.post(
    '/api/user/change-email',
    {
      schema: {
        body: changeEmailSchema,
        response: { 200: profileSchema, ...errorResponses(...stateChangeErrors, 401, 409, 429) },
      },
      config: sensitive,
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const profile = await requestEmailChange(deps, user.id, request.body);
      return profile;
    },
  );

  app.post(
    '/api/user/change-password',
    {
      schema: {
        body: changePasswordSchema,
        response: { 200: messageSchema, ...errorResponses(...stateChangeErrors, 401, 429) },
      },
      config: sensitive,
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      await changePassword(deps, user.id, { ...request.body, sessionId: user.sessionId });
      return { message: 'Your password has been changed. Other devices have been signed out.' };
    },
  );

  // A download: the JSON document is written out here, indented, and sent as it is.
  app.get(
    '/api/user/export',
    {
      schema: {
        response: {
          200: { content: { 'application/json': { schema: downloadSchema } } },
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const data = await exportUserData(deps, user.id);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .headers({
          'cache-control': 'private, no-store',
          'content-disposition': `attachment; filename="my-data-${day}.json"`,
        })
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete(
    '/api/user',
    {
      schema: {
        body: deleteAccountSchema,
        response: { 200: messageSchema, ...errorResponses(...stateChangeErrors, 401, 429) },
      },
      config: sensitive,
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      await deleteAccount(deps, user.id, request.body);
      clearSessionCookie(request, reply, 'user');
      return { message: 'Your account and personal data have been deleted.' };
    },
  );
}
