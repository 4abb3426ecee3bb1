import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import {
  adminOrderPageSchema,
  adminOrderQuerySchema,
  adminOrderSchema,
  orderReferenceParams,
  orderStatusChangeSchema,
} from '#shared/orders.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { changeOrderStatus, listAdminOrders } from './orders.service.ts';

/** The back office's order book: every order with its customer, lines, invoice and history. */
export async function adminOrderRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  await adminScope(app, 'staff', (scoped) => {
    scoped.get(
      '/api/admin/orders',
      {
        schema: {
          querystring: adminOrderQuerySchema,
          response: { 200: adminOrderPageSchema, ...errorResponses(400, 401) },
        },
      },
      (request) => listAdminOrders(db, request.query),
    );

    scoped.patch(
      '/api/admin/orders/:reference',
      {
        schema: {
          params: orderReferenceParams,
          body: orderStatusChangeSchema,
          response: {
            200: adminOrderSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        changeOrderStatus(db, {
          reference: request.params.reference,
          status: request.body.status,
          note: request.body.note,
          admin: request.admin,
          ip: request.ip,
        }),
    );
  });
}
