import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { randToCents } from '#shared/money.ts';
import { paymentReferenceParams } from '#shared/orders.schemas.ts';
import {
  refundRequestSchema,
  refundSchema,
  refundTermsSchema,
} from '#shared/payment-ledger.schemas.ts';
import { reconciliationQuerySchema, reconciliationSchema } from '#shared/reconciliation.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { refundTermsOf, requestRefund } from './refunds.service.ts';
import { reconcile } from './reconciliation.service.ts';

/**
 * Refunds from the back office (their credit notes: money-documents.routes.ts), and the
 * reconciliation of orders, payments, refunds, invoices and credit notes.
 */
export async function refundRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  await adminScope(app, 'owner', (scoped) => {
    scoped.post(
      '/api/admin/payments/:reference/refunds',
      {
        schema: {
          params: paymentReferenceParams,
          body: refundRequestSchema,
          // 409: not paid, already refunded, more than is left, or a refund still in flight.
          response: {
            202: refundSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const refund = await requestRefund(
          db,
          {
            paymentReference: request.params.reference,
            amountCents: randToCents(request.body.amount),
            reason: request.body.reason,
            bankAccount: request.body.bankAccount,
            destination: request.body.destination,
            admin: request.admin,
            ip: request.ip,
          },
          app.config,
        );
        return reply.status(202).send(refund);
      },
    );

    // What PayFast allows refunding on the payment now and how (to the card, or into the
    // buyer's bank account): the refund form asks for bank details when it must. 503: no answer.
    scoped.get(
      '/api/admin/payments/:reference/refund-terms',
      {
        schema: {
          params: paymentReferenceParams,
          response: { 200: refundTermsSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      (request) => refundTermsOf({ db, config: app.config }, request.params.reference),
    );

    scoped.get(
      '/api/admin/reconciliation',
      {
        schema: {
          querystring: reconciliationQuerySchema,
          response: { 200: reconciliationSchema, ...errorResponses(400, 401) },
        },
      },
      (request) => reconcile(db, request.query),
    );
  });
}
