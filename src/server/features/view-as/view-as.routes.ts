import { customerIdParams } from '#shared/admin-customers.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { paths } from '#shared/routes.ts';
import {
  teamViewsSchema,
  viewAsEndedSchema,
  viewAsStartedSchema,
} from '#shared/view-as.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import { endViewAsSession, startViewAsSession } from '../../plugins/view-as-sessions.ts';
import { listTeamViews, startViewAs } from './view-as.service.ts';

/**
 * "View as customer" (decision 024): owners, and staff an owner allowed, open the customer area as
 * a customer, read-only (plugins/view-as-sessions.ts); the customer sees each time it happened.
 */
export async function viewAsRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  await adminScope(app, 'view_as_customer', (scoped) => {
    // 409: the account was deleted.
    scoped.post(
      '/api/admin/customers/:id/view-as',
      {
        schema: {
          params: customerIdParams,
          response: {
            201: viewAsStartedSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        await startViewAs(
          db,
          { userId: request.params.id, admin: request.admin, ip: request.ip },
          (tx) => startViewAsSession(tx, request, reply, request.params.id),
        );
        return reply.status(201).send({ path: paths.userDashboard });
      },
    );
  });

  // Any administrator ends their own view (the one their session opened).
  await adminScope(app, 'staff', (scoped) => {
    scoped.delete(
      '/api/admin/view-as',
      {
        schema: {
          response: { 200: viewAsEndedSchema, ...errorResponses(...stateChangeErrors, 401) },
        },
      },
      async (request, reply) => ({ customerId: await endViewAsSession(request, reply) }),
    );
  });

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/user/team-views',
      { schema: { response: { 200: teamViewsSchema, ...errorResponses(401) } } },
      (request) => listTeamViews(db, request.user.id),
    );
  });
}
