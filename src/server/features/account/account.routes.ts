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
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { clearSessionCookie } from '../../plugins/sessions.ts';
import { userScope } from '../../plugins/signed-in-scopes.ts';
import {
  changePassword,
  deleteAccount,
  exportUserData,
  getProfile,
  requestEmailChange,
  updateProfile,
} from './account.service.ts';

const sensitive = { rateLimit: { max: 10, timeWindow: '15 minutes' } };

/** The signed-in customer's own account: profile, e-mail, password, POPIA export and deletion. */
export async function accountRoutes(app: AppInstance): Promise<void> {
  const deps = { db: app.database.db, config: app.config };

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/user/profile',
      { schema: { response: { 200: profileSchema, ...errorResponses(401) } } },
      (request) => getProfile(deps, request.user.id),
    );

    scoped.patch(
      '/api/user/profile',
      {
        schema: {
          body: profileUpdateSchema,
          response: { 200: profileSchema, ...errorResponses(...stateChangeErrors, 401) },
        },
      },
      (request) => updateProfile(deps, request.user.id, request.body),
    );

    scoped.post(
      '/api/user/change-email',
      {
        schema: {
          body: changeEmailSchema,
          response: {
            200: profileSchema,
            ...errorResponses(...stateChangeErrors, 401, 409, 429),
          },
        },
        config: sensitive,
      },
      (request) => requestEmailChange(deps, request.user.id, request.body),
    );

    scoped.post(
      '/api/user/change-password',
      {
        schema: {
          body: changePasswordSchema,
          response: { 200: messageSchema, ...errorResponses(...stateChangeErrors, 401, 429) },
        },
        config: sensitive,
      },
      async (request) => {
        const { user } = request;
        await changePassword(deps, user.id, { ...request.body, sessionId: user.sessionId });
        return { message: 'Your password has been changed. Other devices have been signed out.' };
      },
    );

    // A download: the JSON document is written out here, indented, and sent as it is.
    scoped.get(
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
        const data = await exportUserData(deps, request.user.id);
        const day = data.exportedAt.slice(0, 10);
        return reply
          .header('content-disposition', attachmentDisposition(`my-data-${day}.json`))
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(data, null, 2));
      },
    );

    scoped.delete(
      '/api/user',
      {
        schema: {
          body: deleteAccountSchema,
          response: { 200: messageSchema, ...errorResponses(...stateChangeErrors, 401, 429) },
        },
        config: sensitive,
      },
      async (request, reply) => {
        await deleteAccount(deps, request.user.id, request.body);
        clearSessionCookie(request, reply, 'user');
        return { message: 'Your account and personal data have been deleted.' };
      },
    );
  });
}
