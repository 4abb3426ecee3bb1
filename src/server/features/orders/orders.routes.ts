import { z } from 'zod';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { createOrderSchema, orderReferenceParams, orderSchema } from '#shared/orders.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { requireViewer } from '../../plugins/sessions.ts';
import { userScope } from '../../plugins/signed-in-scopes.ts';
import { couponDiscount } from '../coupons/coupon-redemption.service.ts';
import { priceLines } from './order-pricing.service.ts';
import { createOrder, getOrder, listOrders } from './orders.service.ts';

export async function orderRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  await userScope(app, (scoped) => {
    scoped.post(
      '/api/orders',
      {
        schema: {
          body: createOrderSchema,
          // 409: another customer holds a domain in the cart; the coupon is used up.
          response: { 201: orderSchema, ...errorResponses(...stateChangeErrors, 401, 409, 429) },
        },
        config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      },
      async (request, reply) => {
        const userId = request.user.id;
        const lines = await priceLines(db, app.orderLines, request.body.items, userId);
        const { cartId, coupon } = request.body;
        const vatRegistered = app.config.site.vatRegistered;
        const order = await createOrder(db, {
          userId,
          lines,
          vatRegistered,
          cartId,
          discount: coupon
            ? couponDiscount({ code: coupon, userId, cartId, vatRegistered })
            : undefined,
        });
        // Stored: a held name's cached "available" is forgotten, for one.
        for (const line of lines) line.afterCommit?.();
        return reply.status(201).send(order);
      },
    );

    scoped.get(
      '/api/orders',
      { schema: { response: { 200: z.array(orderSchema), ...errorResponses(401) } } },
      (request) => listOrders(db, request.user.id),
    );
  });

  app.get(
    '/api/orders/:reference',
    {
      schema: {
        params: orderReferenceParams,
        response: { 200: orderSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      reply.header('cache-control', 'private, no-store');
      return getOrder(db, request.params.reference, viewer);
    },
  );
}
