import {
  customerDetailSchema,
  customerIdParams,
  customerListQuerySchema,
  customerMailSentSchema,
  customerNoteInputSchema,
  customerNoteSchema,
  customerPageSchema,
} from '#shared/admin-customers.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import {
  addCustomerNote,
  listCustomers,
  loadCustomer,
  resendCustomerVerification,
  sendCustomerPasswordReset,
} from './customers.service.ts';

/** The back office's customers: staff and owners find them, read their page, keep notes. */
export async function customerRoutes(app: AppInstance): Promise<void> {
  const deps = { db: app.database.db, config: app.config };
  await adminScope(app, 'staff', (scoped) => {
    scoped.get(
      '/api/admin/customers',
      {
        schema: {
          querystring: customerListQuerySchema,
          response: { 200: customerPageSchema, ...errorResponses(400, 401) },
        },
      },
      (request) => listCustomers(deps.db, request.query),
    );

    scoped.get(
      '/api/admin/customers/:id',
      {
        schema: {
          params: customerIdParams,
          response: { 200: customerDetailSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) =>
        loadCustomer(deps.db, {
          id: request.params.id,
          withCredit: request.admin.role === 'owner',
        }),
    );

    scoped.post(
      '/api/admin/customers/:id/notes',
      {
        schema: {
          params: customerIdParams,
          body: customerNoteInputSchema,
          response: {
            201: z.array(customerNoteSchema),
            ...errorResponses(...stateChangeErrors, 401, 404),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await addCustomerNote(deps.db, {
            userId: request.params.id,
            body: request.body.body,
            admin: request.admin,
          }),
        ),
    );

    // 409: the account was deleted.
    const mailAction = {
      params: customerIdParams,
      response: {
        200: customerMailSentSchema,
        ...errorResponses(...stateChangeErrors, 401, 404, 409),
      },
    };
    scoped.post('/api/admin/customers/:id/password-reset', { schema: mailAction }, (request) =>
      sendCustomerPasswordReset(deps, {
        userId: request.params.id,
        admin: request.admin,
        ip: request.ip,
      }),
    );
    scoped.post('/api/admin/customers/:id/verification', { schema: mailAction }, (request) =>
      resendCustomerVerification(deps, {
        userId: request.params.id,
        admin: request.admin,
        ip: request.ip,
      }),
    );
  });
}
