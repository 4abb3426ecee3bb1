import {
  adminIdParams,
  adminInvitationSchema,
  adminInviteSchema,
  administratorResultSchema,
  administratorsSchema,
  administratorUpdateSchema,
  doneSchema,
} from '#shared/admin.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import {
  inviteAdministrator,
  listAdministrators,
  resetAdministratorTwoFactor,
  revokeInvitation,
  updateAdministrator,
  type AdminActor,
} from './administrators.service.ts';

/** /admin/administrators: owners invite, change roles, disable and reset second factors. */
export async function administratorsRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  const changeErrors = errorResponses(...stateChangeErrors, 401, 404, 409);
  await adminScope(app, 'owner', (scoped) => {
    const actorOf = (request: {
      admin: { id: string; email: string };
      ip: string;
    }): AdminActor => ({
      id: request.admin.id,
      email: request.admin.email,
      ip: request.ip,
    });

    scoped.get(
      '/api/admin/administrators',
      { schema: { response: { 200: administratorsSchema, ...errorResponses(401) } } },
      () => listAdministrators(db),
    );

    scoped.post(
      '/api/admin/administrators/invitations',
      {
        schema: {
          body: adminInviteSchema,
          response: {
            201: adminInvitationSchema,
            ...errorResponses(...stateChangeErrors, 401, 409),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await inviteAdministrator(db, app.config, request.body, actorOf(request))),
    );

    scoped.delete(
      '/api/admin/administrators/invitations/:id',
      { schema: { params: adminIdParams, response: { 200: doneSchema, ...changeErrors } } },
      async (request) => {
        await revokeInvitation(db, request.params.id, actorOf(request));
        return { success: true as const };
      },
    );

    scoped.patch(
      '/api/admin/administrators/:id',
      {
        schema: {
          params: adminIdParams,
          body: administratorUpdateSchema,
          response: { 200: administratorResultSchema, ...changeErrors },
        },
      },
      (request) => updateAdministrator(db, request.params.id, request.body, actorOf(request)),
    );

    scoped.post(
      '/api/admin/administrators/:id/reset-two-factor',
      { schema: { params: adminIdParams, response: { 200: doneSchema, ...changeErrors } } },
      async (request) => {
        await resetAdministratorTwoFactor(db, request.params.id, actorOf(request));
        return { success: true as const };
      },
    );
  });
}
