import { z } from 'zod';
import {
  awaitingBankTransferSchema,
  bankStatementImportSchema,
  bankStatementResultSchema,
  bankTransferRecordedSchema,
  bankTransferSchema,
  recordBankTransferSchema,
} from '#shared/bank-transfers.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { downloadSchema } from '#shared/http.schemas.ts';
import { randToCents } from '#shared/money.ts';
import { orderReferenceParams } from '#shared/orders.schemas.ts';
import { fileParams, MAX_UPLOAD_BYTES, uploadQuerySchema } from '#shared/uploads.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { sendPdf } from '../../lib/send-pdf.ts';
import { acceptFileBodies, fileBody, fileDownloadResponses } from '../../plugins/file-bodies.ts';
import { requireViewer } from '../../plugins/sessions.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import { sendUpload } from '../uploads/uploads.service.ts';
import { importBankStatement } from './bank-statements.service.ts';
import {
  addProofOfPayment,
  getBankTransfer,
  listAwaitingBankTransfers,
  orderIdFor,
  proFormaPdf,
  recordBankTransfer,
  startBankTransfer,
} from './bank-transfers.service.ts';

const proofParams = orderReferenceParams.extend(fileParams.shape);

/**
 * Bank transfers (EFT): the customer's instructions, pro-forma and proof of payment; the owners'
 * list of orders waiting, the record of money received and the bank statement import.
 */
export async function bankTransferRoutes(app: AppInstance): Promise<void> {
  const deps = { db: app.database.db, config: app.config, orderLines: app.orderLines };

  await userScope(app, (scoped) => {
    acceptFileBodies(scoped);

    // 409: the order is not awaiting payment, has monthly services, or the site takes no EFT.
    scoped.post(
      '/api/orders/:reference/eft',
      {
        schema: {
          params: orderReferenceParams,
          response: {
            200: bankTransferSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        startBankTransfer(deps, {
          orderReference: request.params.reference,
          userId: request.user.id,
        }),
    );

    scoped.get(
      '/api/orders/:reference/eft',
      {
        schema: {
          params: orderReferenceParams,
          response: { 200: bankTransferSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      (request) =>
        getBankTransfer(deps, {
          orderReference: request.params.reference,
          userId: request.user.id,
        }),
    );

    scoped.post(
      '/api/orders/:reference/proof-of-payment',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          params: orderReferenceParams,
          querystring: uploadQuerySchema,
          response: {
            201: bankTransferSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409, 429),
          },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      },
      async (request, reply) => {
        const transfer = await addProofOfPayment(deps, {
          orderReference: request.params.reference,
          userId: request.user.id,
          filename: request.query.filename,
          data: fileBody(request.body),
        });
        return reply.status(201).send(transfer);
      },
    );
  });

  app.get(
    '/api/orders/:reference/pro-forma.pdf',
    {
      schema: {
        params: orderReferenceParams,
        response: {
          200: { content: { 'application/pdf': { schema: downloadSchema } } },
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      return sendPdf(reply, await proFormaPdf(deps, request.params.reference, viewer));
    },
  );

  app.get(
    '/api/orders/:reference/proof-of-payment/:fileId',
    { schema: { params: proofParams, response: fileDownloadResponses } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      const orderId = await orderIdFor(deps.db, request.params.reference, viewer);
      return sendUpload(deps.db, reply, { orderId }, request.params.fileId);
    },
  );

  await adminScope(app, 'owner', (scoped) => {
    scoped.get(
      '/api/admin/bank-transfers',
      {
        schema: {
          response: { 200: z.array(awaitingBankTransferSchema), ...errorResponses(401, 403) },
        },
      },
      () => listAwaitingBankTransfers(deps.db),
    );

    // 409: this bank line is recorded already (the answer names its payment).
    scoped.post(
      '/api/admin/bank-transfers',
      {
        schema: {
          body: recordBankTransferSchema,
          response: {
            201: bankTransferRecordedSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const outcome = await recordBankTransfer(deps, {
          orderReference: request.body.orderReference,
          amountCents: randToCents(request.body.amount),
          receivedOn: request.body.receivedOn,
          description: request.body.bankReference,
          occurrence: 1,
          source: 'typed',
          admin: request.admin,
          ip: request.ip,
        });
        if (outcome.status === 'already') {
          return reply.status(409).send({
            error: `This bank line is recorded already, as payment ${outcome.payment}`,
            code: 'CONFLICT',
          });
        }
        return reply.status(201).send({
          payment: outcome.payment,
          orderReference: outcome.orderReference,
          orderStatus: outcome.orderStatus,
          amount: outcome.amount,
          due: outcome.due,
        });
      },
    );

    scoped.post(
      '/api/admin/bank-statements',
      {
        bodyLimit: 1_100_000,
        schema: {
          body: bankStatementImportSchema,
          response: {
            200: bankStatementResultSchema,
            ...errorResponses(...stateChangeErrors, 401),
          },
        },
      },
      (request) =>
        importBankStatement(deps, {
          csv: request.body.csv,
          admin: request.admin,
          ip: request.ip,
        }),
    );
  });
}
