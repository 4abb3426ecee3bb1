import formbody from '@fastify/formbody';
import { z } from 'zod';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { plainTextSchema } from '#shared/http.schemas.ts';
import {
  payfastFormSchema,
  startCardPaymentSchema,
  paymentCancelSchema,
  paymentDebugSchema,
  paymentDetailSchema,
  paymentSummarySchema,
  testPaymentSchema,
} from '#shared/payments.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { userScope } from '../../plugins/signed-in-scopes.ts';
import { orderReferenceParams, paymentReferenceParams } from '#shared/orders.schemas.ts';
import { centsToRand } from '#shared/money.ts';
import { AppError } from '../../plugins/errors.ts';
import { testPaymentLine } from '../orders/order-pricing.service.ts';
import { createOrder } from '../orders/orders.service.ts';
import {
  notifies,
  type NotifyingPaymentMethod,
} from '../../integrations/payment-methods/payment-method.ts';
import { paymentMethods } from '../../integrations/payment-methods/payment-methods.ts';
import {
  countUncheckedNotifications,
  receiveNotification,
} from './payment-notifications.service.ts';
import {
  cancelPendingPayment,
  debugLastPayment,
  getPayment,
  listPayments,
  startPayment,
  toForm,
} from './payments.service.ts';

/** Unchecked ITNs beyond which the notify route answers 503 instead of storing more. */
export const maxItnBacklog = 500;

/** Card payments through PayFast: the signed form, the ITN, and the status the browser polls. */
export async function paymentRoutes(app: AppInstance): Promise<void> {
  await app.register(formbody);
  const deps = { db: app.database.db, config: app.config, orderLines: app.orderLines };

  const notifySchema = {
    response: {
      200: { content: { 'text/plain': { schema: plainTextSchema } } },
      ...errorResponses(...stateChangeErrors, 429),
    },
  };
  const notifyOptions = (method: NotifyingPaymentMethod) => ({
    schema: notifySchema,
    // A real notification (PayFast's ITN) is about 1 KB.
    bodyLimit: 8 * 1024,
    config: {
      // Senders other than the method's own servers get a few tries a minute; they, no limit.
      rateLimit: {
        max: 30,
        timeWindow: '1 minute',
        allowList: (request: { ip: string }) =>
          method.isOwnServer(request.ip) || app.config.rateLimitAllow.includes(request.ip),
      },
    },
  });
  // A method may sign its notification over its fields in the order posted, repeats and all
  // (PayFast does): the notify route reads the form as ordered pairs, not as an object.
  await app.register(async (instance) => {
    const scope = instance as AppInstance;
    scope.removeContentTypeParser('application/x-www-form-urlencoded');
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, [...new URLSearchParams(body.toString())]),
    );
    for (const method of Object.values(paymentMethods(app.config)).filter(notifies)) {
      scope.post(
        `/api/payments/${method.id}/notify`,
        notifyOptions(method),
        async (request, reply) => {
          // Beyond the backlog the method is told to come back later (it retries until it gets a 200).
          if (
            (await countUncheckedNotifications(app.database.db, maxItnBacklog)) >= maxItnBacklog
          ) {
            throw new AppError('SERVICE_UNAVAILABLE', {
              message:
                'Too many payment notifications are waiting to be checked. Please send it again later.',
            });
          }
          const fields = Array.isArray(request.body)
            ? (request.body as [string, string][])
            : Object.entries((request.body ?? {}) as Record<string, unknown>).map(
                ([key, value]) => [key, String(value)] as [string, string],
              );
          const received = await receiveNotification(deps, {
            method: method.id,
            fields,
            ip: request.ip,
          });
          // Refused at the door (signature, merchant, amount): a genuine notification refused for
          // our own misconfiguration is sent again by the method once it gets no 200.
          if (!received.accepted) {
            request.log.warn(
              `${method.provider} notification refused at the door: ${received.reason}`,
            );
            throw new AppError('BAD_REQUEST', {
              message: `Notification refused: ${received.reason}`,
            });
          }
          // The method retries until it gets a 200: it gets one as soon as the notification is
          // safely stored, and the network checks run after the answer, as a job.
          return reply.status(200).type('text/plain').send('OK');
        },
      );
    }
  });

  await userScope(app, (scoped) => {
    scoped.post(
      '/api/orders/:reference/payfast',
      {
        schema: {
          params: orderReferenceParams,
          body: startCardPaymentSchema,
          // 409: the order is not awaiting payment.
          response: {
            200: payfastFormSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      async (request) =>
        toForm(
          await startPayment(deps, {
            orderReference: request.params.reference,
            userId: request.user.id,
            method: 'payfast',
            saveCard: request.body?.saveCard ?? false,
          }),
        ),
    );

    scoped.get(
      '/api/payments/test',
      { schema: { response: { 200: testPaymentSchema, ...errorResponses(401) } } },
      () => ({
        available: app.config.payfast.mode !== 'live',
        mode: app.config.payfast.mode,
        amount: centsToRand(testPaymentLine.totalCents),
      }),
    );

    scoped.post(
      '/api/payments/test',
      {
        // 403 also when the site takes live payments only.
        schema: {
          response: {
            200: payfastFormSchema,
            ...errorResponses(...stateChangeErrors, 401, 429),
          },
        },
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      },
      async (request) => {
        if (app.config.payfast.mode === 'live') {
          throw new AppError('FORBIDDEN', {
            message: 'Test payments are only available in sandbox and simulator mode',
          });
        }
        const userId = request.user.id;
        const order = await createOrder(app.database.db, {
          userId,
          lines: [testPaymentLine],
          vatRegistered: app.config.site.vatRegistered,
        });
        return toForm(
          await startPayment(deps, { orderReference: order.reference, userId, method: 'payfast' }),
        );
      },
    );

    scoped.get(
      '/api/payments/debug',
      { schema: { response: { 200: paymentDebugSchema, ...errorResponses(401, 404) } } },
      (request) => debugLastPayment(deps, request.user.id),
    );

    scoped.get(
      '/api/payments',
      { schema: { response: { 200: z.array(paymentSummarySchema), ...errorResponses(401) } } },
      (request) => listPayments(app.database.db, request.user.id),
    );

    scoped.post(
      '/api/payments/:reference/cancel',
      {
        schema: {
          params: paymentReferenceParams,
          response: {
            200: paymentCancelSchema,
            ...errorResponses(...stateChangeErrors, 401, 404),
          },
        },
      },
      (request) => cancelPendingPayment(app.database.db, request.params.reference, request.user.id),
    );

    scoped.get(
      '/api/payments/:reference',
      {
        schema: {
          params: paymentReferenceParams,
          response: { 200: paymentDetailSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => getPayment(deps, request.params.reference, request.user.id),
    );
  });
}
