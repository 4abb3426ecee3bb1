import { sendDownload } from '../../lib/send-pdf.ts';
import { z } from 'zod';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { messageSchema } from '#shared/auth.schemas.ts';
import {
  adminPlanSchema,
  adminPlanSummarySchema,
  newPlanInputSchema,
  planCommentInputSchema,
  planImportSchema,
  planSchema,
  planSummarySchema,
  planUpdateSchema,
} from '#shared/business-plans.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import { businessPlanDocx } from '../../integrations/docx/business-plan-docx.ts';
import { businessPlanPdf } from '../../integrations/pdf/business-plan-pdf.ts';
import { companyOf } from '../../integrations/pdf/letterhead.ts';
import {
  createPlan,
  deletePlan,
  duplicatePlan,
  importIntoPlan,
  listPlans,
  planForDocument,
  readPlan,
  updatePlan,
} from './business-plans.service.ts';
import {
  commentOnPlan,
  deliverPlan,
  editPaidPlan,
  listPaidPlans,
  paidPlanForDocument,
  readPaidPlan,
} from './paid-plans-admin.service.ts';
import { businessPlanSharingRoutes } from './business-plan-sharing.routes.ts';
import {
  planDocumentResponse,
  planFormats,
  planParams,
  type SendPlanDocument,
} from './business-plan-http.ts';

/**
 * The plan builder: a customer's own plans only (anyone else's answers 404); the back office's
 * paid professional plans: edit, comment on sections, deliver.
 */

export async function businessPlanRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;
  const deps = { db, config: app.config };
  const sendPlanDocument: SendPlanDocument = async (reply, row, format) => {
    const build = format === 'pdf' ? businessPlanPdf : businessPlanDocx;
    const body = await build(row, companyOf(app.config));
    const name = row.name.replace(/[^A-Za-z0-9 -]+/g, '').trim() || 'business-plan';
    return sendDownload(reply, { body, filename: `${name}.${format}`, type: planFormats[format] });
  };
  // Autosave sends the plan a second or so after typing stops; this is far above that pace.
  const saves = { rateLimit: { max: 600, timeWindow: '1 hour' } };

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/business-plans',
      { schema: { response: { 200: z.array(planSummarySchema), ...errorResponses(401) } } },
      (request) => listPlans(db, request.user.id),
    );

    scoped.post(
      '/api/business-plans',
      {
        schema: {
          body: newPlanInputSchema,
          response: { 201: planSchema, ...errorResponses(...stateChangeErrors, 401, 429) },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      },
      async (request, reply) =>
        reply.status(201).send(await createPlan(db, request.user.id, request.body)),
    );

    scoped.get(
      '/api/business-plans/:id',
      {
        schema: {
          params: planParams,
          response: { 200: planSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => readPlan(db, request.user.id, request.params.id),
    );

    scoped.put(
      '/api/business-plans/:id',
      {
        schema: {
          params: planParams,
          body: planUpdateSchema,
          response: {
            200: planSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409, 429),
          },
        },
        config: saves,
      },
      (request) => updatePlan(db, request.user.id, request.params.id, request.body),
    );

    scoped.post(
      '/api/business-plans/:id/copy',
      {
        schema: {
          params: planParams,
          response: { 201: planSchema, ...errorResponses(...stateChangeErrors, 401, 404, 429) },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      },
      async (request, reply) =>
        reply.status(201).send(await duplicatePlan(db, request.user.id, request.params.id)),
    );

    scoped.delete(
      '/api/business-plans/:id',
      {
        schema: {
          params: planParams,
          response: { 200: messageSchema, ...errorResponses(...stateChangeErrors, 401, 404, 409) },
        },
      },
      async (request) => {
        await deletePlan(db, request.user.id, request.params.id);
        return { message: 'The plan has been deleted.' };
      },
    );

    scoped.post(
      '/api/business-plans/:id/import',
      {
        schema: {
          params: planParams,
          body: planImportSchema,
          response: { 200: planSchema, ...errorResponses(...stateChangeErrors, 401, 404, 429) },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      },
      (request) => importIntoPlan(db, request.user.id, request.params.id, request.body.fromId),
    );

    for (const format of ['pdf', 'docx'] as const) {
      scoped.get(
        `/api/business-plans/:id/${format}`,
        { schema: { params: planParams, response: planDocumentResponse(format) } },
        async (request, reply) =>
          sendPlanDocument(
            reply,
            await planForDocument(db, request.user.id, request.params.id),
            format,
          ),
      );
    }
  });

  await businessPlanSharingRoutes(app, sendPlanDocument);

  await adminScope(app, 'staff', (admin) => {
    admin.get(
      '/api/admin/business-plans',
      {
        schema: { response: { 200: z.array(adminPlanSummarySchema), ...errorResponses(401) } },
      },
      () => listPaidPlans(db),
    );

    admin.get(
      '/api/admin/business-plans/:id',
      {
        schema: {
          params: planParams,
          response: { 200: adminPlanSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => readPaidPlan(db, request.params.id),
    );

    admin.put(
      '/api/admin/business-plans/:id',
      {
        schema: {
          params: planParams,
          body: planUpdateSchema,
          response: {
            200: adminPlanSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        editPaidPlan(db, {
          id: request.params.id,
          update: request.body,
          admin: request.admin,
          ip: request.ip,
        }),
    );

    admin.post(
      '/api/admin/business-plans/:id/comments',
      {
        schema: {
          params: planParams,
          body: planCommentInputSchema,
          response: { 201: adminPlanSchema, ...errorResponses(...stateChangeErrors, 401, 404) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await commentOnPlan(deps, {
            id: request.params.id,
            comment: request.body,
            admin: request.admin,
            ip: request.ip,
          }),
        ),
    );

    admin.post(
      '/api/admin/business-plans/:id/deliver',
      {
        schema: {
          params: planParams,
          response: {
            200: adminPlanSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        deliverPlan(deps, { id: request.params.id, admin: request.admin, ip: request.ip }),
    );

    for (const format of ['pdf', 'docx'] as const) {
      admin.get(
        `/api/admin/business-plans/:id/${format}`,
        { schema: { params: planParams, response: planDocumentResponse(format) } },
        async (request, reply) =>
          sendPlanDocument(reply, await paidPlanForDocument(db, request.params.id), format),
      );
    }
  });
}
