import { z } from 'zod';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import {
  adminSubscriptionSchema,
  changePackageSchema,
  pauseSubscriptionSchema,
  priceMoveOfferSchema,
  priceMoveResultSchema,
  priceMoveSchema,
  subscriptionReferenceParams,
  subscriptionSchema,
} from '#shared/subscriptions.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import { cancelForCustomer, requestCancellation } from './subscription-cancellation.service.ts';
import {
  changePackage,
  pauseSubscription,
  resumeSubscription,
} from './subscription-changes.service.ts';
import { listAdminSubscriptions, listSubscriptions } from './subscription-lists.service.ts';
import { movePackagePrice, priceMoveOffer } from './subscription-price-moves.service.ts';

const packageParams = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Not a catalogue id'),
});
// 409: not running, unpaid, not allowed, or PayFast refused; 503 also when PayFast did not answer.
const changeErrors = errorResponses(...stateChangeErrors, 401, 404, 409);

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
    const deps = { db, config: app.config };
    scoped.post(
      '/api/subscriptions/:reference/pause',
      {
        schema: {
          params: subscriptionReferenceParams,
          body: pauseSubscriptionSchema,
          response: { 200: subscriptionSchema, ...changeErrors },
        },
      },
      (request) =>
        pauseSubscription(deps, {
          userId: request.user.id,
          reference: request.params.reference,
          months: request.body.months,
        }),
    );
    scoped.post(
      '/api/subscriptions/:reference/resume',
      {
        schema: {
          params: subscriptionReferenceParams,
          response: { 200: subscriptionSchema, ...changeErrors },
        },
      },
      (request) =>
        resumeSubscription(deps, { userId: request.user.id, reference: request.params.reference }),
    );
    scoped.post(
      '/api/subscriptions/:reference/package',
      {
        schema: {
          params: subscriptionReferenceParams,
          body: changePackageSchema,
          response: { 200: subscriptionSchema, ...changeErrors },
        },
      },
      (request) =>
        changePackage(deps, {
          userId: request.user.id,
          reference: request.params.reference,
          packageId: request.body.packageId,
        }),
    );
  });

  // Where packages are edited: moving running subscriptions to a package's new price.
  await adminScope(app, 'owner', (scoped) => {
    scoped.get(
      '/api/admin/catalogue/packages/:id/price-move',
      {
        schema: {
          params: packageParams,
          response: { 200: priceMoveOfferSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => priceMoveOffer(db, request.params.id),
    );
    scoped.post(
      '/api/admin/catalogue/packages/:id/price-move',
      {
        schema: {
          params: packageParams,
          body: priceMoveSchema,
          response: {
            200: priceMoveResultSchema,
            ...errorResponses(...stateChangeErrors, 401, 404),
          },
        },
      },
      (request) =>
        movePackagePrice(
          { db, config: app.config },
          {
            packageId: request.params.id,
            from: request.body.from,
            admin: request.admin,
            ip: request.ip,
          },
        ),
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
