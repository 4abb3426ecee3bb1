import { z } from 'zod';
import { sendPdf } from '../../lib/send-pdf.ts';
import { messageSchema } from '#shared/auth.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { downloadSchema } from '#shared/http.schemas.ts';
import {
  speedReportAdminPageSchema,
  speedReportCreatedSchema,
  speedReportEmailSchema,
  speedReportHistorySchema,
  speedReportIdSchema,
  speedReportPurchaseIdSchema,
  speedReportRequestSchema,
  speedReportSchema,
  speedReportsAdminQuerySchema,
} from '#shared/speed-reports.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { AppError } from '../../plugins/errors.ts';
import { loadSessionUser } from '../../plugins/sessions.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import { emailSpeedReport } from './speed-report-runs.service.ts';
import { listCustomerSpeedReports, listSpeedReports } from './speed-report-lists.service.ts';
import {
  getSpeedReport,
  getSpeedReportScreenshot,
  requestSpeedReport,
  retestSpeedReport,
  speedReportPdf,
} from './speed-reports.service.ts';

const reportParams = z.object({
  id: speedReportIdSchema.meta({ description: 'The report id (unguessable)' }),
});
const purchaseParams = z.object({
  id: speedReportPurchaseIdSchema.meta({ description: 'The paid full report (purchase) id' }),
});

/**
 * Website speed reports (issue 16): open to visitors, five an hour per address. The id is the
 * only key to a report, so it is a random UUID.
 */
export async function speedReportRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  const deps = { db, config: app.config.speedReports };

  app.post(
    '/api/speed-reports',
    {
      schema: {
        body: speedReportRequestSchema,
        response: { 202: speedReportCreatedSchema, ...errorResponses(...stateChangeErrors, 429) },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const user = await loadSessionUser(request, reply);
      const created = await requestSpeedReport(deps, {
        url: request.body.url,
        ip: request.ip,
        userId: user?.id ?? null,
        limitQueue: true,
      });
      return reply.status(202).send(created);
    },
  );

  app.get(
    '/api/speed-reports/:id',
    {
      schema: {
        params: reportParams,
        response: { 200: speedReportSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const report = await getSpeedReport(deps, request.params.id);
      // Polled while it runs; a finished report never changes.
      reply.header(
        'cache-control',
        report.status === 'done' || report.status === 'failed'
          ? 'private, max-age=300'
          : 'no-store',
      );
      return report;
    },
  );

  app.post(
    '/api/speed-reports/:id/email',
    {
      schema: {
        params: reportParams,
        body: speedReportEmailSchema,
        response: { 202: messageSchema, ...errorResponses(...stateChangeErrors, 404, 429) },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const user = await loadSessionUser(request, reply);
      await emailSpeedReport(
        { ...deps, mail: app.config },
        { id: request.params.id, email: request.body.email, userId: user?.id ?? null },
      );
      return reply
        .status(202)
        .send({ message: `The report's link is on its way to ${request.body.email}.` });
    },
  );

  app.get(
    '/api/speed-reports/:id/report.pdf',
    {
      schema: {
        params: reportParams,
        response: {
          200: { content: { 'application/pdf': { schema: downloadSchema } } },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      return sendPdf(reply, await speedReportPdf({ ...deps, mail: app.config }, request.params.id));
    },
  );

  app.get(
    '/api/speed-reports/:id/screenshot',
    {
      schema: {
        params: reportParams,
        response: {
          200: { content: { 'image/jpeg': { schema: downloadSchema } } },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const shot = await getSpeedReportScreenshot(db, request.params.id);
      if (!shot) throw new AppError('NOT_FOUND', { message: 'This report has no screenshot' });
      return reply
        .header('cache-control', 'private, max-age=86400, immutable')
        .type(shot.type)
        .send(shot.bytes);
    },
  );

  // The customer's paid full reports (dashboard history) and their re-tests for 30 days.
  await userScope(app, (scoped) => {
    scoped.get(
      '/api/user/speed-reports',
      {
        schema: { response: { 200: speedReportHistorySchema, ...errorResponses(401) } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return listCustomerSpeedReports(db, request.user.id);
      },
    );

    scoped.post(
      '/api/user/speed-reports/:id/retest',
      {
        schema: {
          params: purchaseParams,
          response: {
            202: speedReportCreatedSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409, 429),
          },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      },
      async (request, reply) => {
        const created = await retestSpeedReport(deps, {
          purchaseId: request.params.id,
          userId: request.user.id,
          ip: request.ip,
        });
        return reply.status(202).send(created);
      },
    );
  });

  // The back office sees every report: status, score, duration and why one failed.
  await adminScope(app, 'staff', (scoped) => {
    scoped.get(
      '/api/admin/speed-reports',
      {
        schema: {
          querystring: speedReportsAdminQuerySchema,
          response: { 200: speedReportAdminPageSchema, ...errorResponses(400, 401) },
        },
      },
      (request) => listSpeedReports(db, request.query),
    );
  });
}
