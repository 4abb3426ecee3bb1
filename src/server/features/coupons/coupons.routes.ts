import {
  couponCheckSchema,
  couponIdParams,
  couponInputSchema,
  couponListSchema,
  couponQuoteSchema,
  couponSchema,
} from '#shared/coupons.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import { priceLines } from '../orders/order-pricing.service.ts';
import { quoteCoupon } from './coupon-redemption.service.ts';
import { createCoupon, endCoupon, listCoupons, updateCoupon } from './coupons.service.ts';

/**
 * Coupons: checkout checks a code against the cart (the order redeems it, orders.routes.ts); in
 * the back office every administrator sees them and owners create, change and end them.
 */
export async function couponRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  await userScope(app, (scoped) => {
    scoped.post(
      '/api/coupons/check',
      {
        schema: {
          body: couponCheckSchema,
          // 400: a rule refuses the code; 409: used up, or used by this customer already.
          response: {
            200: couponQuoteSchema,
            ...errorResponses(...stateChangeErrors, 401, 409, 429),
          },
        },
        // Guessing codes is slowed down; checkout asks again on each change of the cart.
        config: { rateLimit: { max: 60, timeWindow: '15 minutes' } },
      },
      async (request) => {
        const userId = request.user.id;
        const lines = await priceLines(db, app.orderLines, request.body.items, userId);
        return quoteCoupon(db, {
          code: request.body.code,
          userId,
          cartId: request.body.cartId,
          lines,
          vatRegistered: app.config.site.vatRegistered,
        });
      },
    );
  });

  await adminScope(app, 'staff', (scoped) => {
    scoped.get(
      '/api/admin/coupons',
      { schema: { response: { 200: couponListSchema, ...errorResponses(401, 403) } } },
      () => listCoupons(db),
    );
  });

  await adminScope(app, 'owner', (scoped) => {
    // 403: staff; 409: another coupon has the code.
    const written = errorResponses(...stateChangeErrors, 401, 404, 409);
    scoped.post(
      '/api/admin/coupons',
      { schema: { body: couponInputSchema, response: { 201: couponSchema, ...written } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await createCoupon(db, { values: request.body, admin: request.admin, ip: request.ip }),
          ),
    );
    scoped.put(
      '/api/admin/coupons/:id',
      {
        schema: {
          params: couponIdParams,
          body: couponInputSchema,
          response: { 200: couponSchema, ...written },
        },
      },
      (request) =>
        updateCoupon(db, {
          id: request.params.id,
          values: request.body,
          admin: request.admin,
          ip: request.ip,
        }),
    );
    scoped.post(
      '/api/admin/coupons/:id/end',
      {
        schema: {
          params: couponIdParams,
          response: { 200: couponSchema, ...errorResponses(...stateChangeErrors, 401, 404) },
        },
      },
      (request) => endCoupon(db, { id: request.params.id, admin: request.admin, ip: request.ip }),
    );
  });
}
