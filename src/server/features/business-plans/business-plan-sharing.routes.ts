import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { messageSchema } from '#shared/auth.schemas.ts';
import {
  planShareSchema,
  sharedPlanQuerySchema,
  sharedPlanSchema,
} from '#shared/business-plans.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { userScope } from '../../plugins/signed-in-scopes.ts';
import { planParams, planDocumentResponse, type SendPlanDocument } from './business-plan-http.ts';
import {
  sharedPlan,
  sharedPlanRow,
  sharePlan,
  stopSharingPlan,
} from './business-plan-sharing.service.ts';

/** A plan's read-only link: made and stopped by its owner, opened by anyone who has it. */
export async function businessPlanSharingRoutes(
  app: AppInstance,
  sendPlanDocument: SendPlanDocument,
): Promise<void> {
  const { db } = app.database;
  // Guessing a 256-bit token is hopeless; the limit keeps a scripted reader from loading us.
  const readers = { rateLimit: { max: 120, timeWindow: '1 minute' } };

  await userScope(app, (scoped) => {
    scoped.post(
      '/api/business-plans/:id/share',
      {
        schema: {
          params: planParams,
          response: {
            201: planShareSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 429),
          },
        },
        config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      },
      async (request, reply) =>
        reply.status(201).send(
          await sharePlan(db, {
            userId: request.user.id,
            planId: request.params.id,
            publicUrl: app.config.publicUrl,
          }),
        ),
    );

    scoped.delete(
      '/api/business-plans/:id/share',
      {
        schema: {
          params: planParams,
          response: { 200: messageSchema, ...errorResponses(...stateChangeErrors, 401, 404) },
        },
      },
      async (request) => {
        await stopSharingPlan(db, request.user.id, request.params.id);
        return { message: 'The link no longer opens the plan.' };
      },
    );
  });

  app.get(
    '/api/shared-plan',
    {
      schema: {
        querystring: sharedPlanQuerySchema,
        response: { 200: sharedPlanSchema, ...errorResponses(400, 404, 429) },
      },
      config: readers,
    },
    (request) => sharedPlan(db, request.query.token),
  );

  for (const format of ['pdf', 'docx'] as const) {
    app.get(
      `/api/shared-plan/${format}`,
      {
        schema: {
          querystring: sharedPlanQuerySchema,
          response: { ...planDocumentResponse(format), ...errorResponses(400, 404, 429) },
        },
        config: readers,
      },
      async (request, reply) =>
        sendPlanDocument(reply, await sharedPlanRow(db, request.query.token), format),
    );
  }
}
