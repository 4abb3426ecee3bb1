import { z } from 'zod';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import {
  adminSubscriptionSchema,
  subscriptionReferenceParams,
  subscriptionSchema,
} from '#shared/subscriptions.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import { cancelForCustomer, requestCancellation } from './subscription-cancellation.service.ts';
import { listAdminSubscriptions, listSubscriptions } from './subscription-lists.service.ts';

/** Monthly services billed by PayFast: the customer's list and cancel, the back office's view. */
export async function subscriptionRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  await userScope(app, (scoped) => {
    scoped.get(
      '/api/subscriptions',
      { schema: { response: { 200: z.array(subscriptionSchema), ...errorResponses(401) } } },
      (request) => listSubscriptions(db, { userId: request.user.id }),
    );
    scoped.post(
      '/api/subscriptions/:reference/cancel',
      {
        schema: {
          params: subscriptionReferenceParams,
          // 409: already cancelled or being cancelled.
          response: {
            202: subscriptionSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const subscription = await requestCancellation(db, {
          userId: request.user.id,
          reference: request.params.reference,
        });
        return reply.status(202).send(subscription);
      },
    );
  });

  await adminScope(app, 'staff', (scoped) => {
    scoped.get(
      '/api/admin/subscriptions',
      {
        schema: { response: { 200: z.array(adminSubscriptionSchema), ...errorResponses(401) } },
      },
      () => listAdminSubscriptions(db),
    );
    scoped.post(
      '/api/admin/subscriptions/:reference/cancel',
      {
        schema: {
          params: subscriptionReferenceParams,
          response: {
            202: z.object({ status: z.literal('cancelling') }),
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        await cancelForCustomer(db, {
          reference: request.params.reference,
          admin: request.admin,
          ip: request.ip,
        });
        return reply.status(202).send({ status: 'cancelling' as const });
      },
    );
  });
}
