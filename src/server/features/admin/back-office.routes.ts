import { z } from 'zod';
import {
  adminDashboardSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  databaseTablesSchema,
  outboxMessageSchema,
  outboxPageSchema,
  pageQuerySchema,
  profitMonthSchema,
  profitQuerySchema,
} from '#shared/admin.schemas.ts';
import { errorResponses } from '#shared/errors.ts';
import { profitServiceFiguresSchema } from '#shared/profit.schemas.ts';
import { downloadSchema, plainTextSchema } from '#shared/http.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { listAuditLog, recordAudit } from './audit-log.service.ts';
import { databaseBackup } from '../backups/database-backup.service.ts';
import { profitByMonth, profitByService, profitCsv, profitPeriod } from './profit.service.ts';
import {
  listDatabaseTables,
  listOutbox,
  loadDashboard,
  openOutboxMessage,
  readOutboxMessage,
} from './back-office.service.ts';
import { AppError } from '../../plugins/errors.ts';

/** Without an administrator session every route here answers 401; a bad filter or page, 400. */
const guarded = errorResponses(401);
const filtered = errorResponses(400, 401);

/** The back office's own data; every route here needs an administrator session (and its role). */
export async function backOfficeRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  const vatRegistered = Boolean(app.config.supplier.vatNumber);
  // Without SMTP in development, the outbox is where a newcomer's links are read (owners only).
  const mailOpensHere = app.config.env === 'development' && !app.config.smtpUrl;
  // Staff's day: the dashboard and the mail the site sent.
  await adminScope(app, 'staff', (scoped) => {
    scoped.get(
      '/api/admin/dashboard',
      { schema: { response: { 200: adminDashboardSchema, ...guarded } } },
      () => loadDashboard(db),
    );

    scoped.get(
      '/api/admin/outbox',
      {
        schema: { querystring: pageQuerySchema, response: { 200: outboxPageSchema, ...filtered } },
      },
      (request) => listOutbox(db, request.query.page),
    );

    scoped.get(
      '/api/admin/outbox/:id',
      {
        schema: {
          params: z.object({ id: z.uuid('Not a message id') }),
          response: { 200: outboxMessageSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) =>
        readOutboxMessage(db, request.params.id, mailOpensHere && request.admin.role === 'owner'),
    );
  });

  // Owners': what administrators did, the money, and the data itself.
  await adminScope(app, 'owner', (scoped) => {
    scoped.post(
      '/api/admin/outbox/:id/open',
      {
        schema: {
          params: z.object({ id: z.uuid('Not a message id') }),
          response: { 200: outboxMessageSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        if (!mailOpensHere) {
          throw new AppError('FORBIDDEN', {
            message:
              'Mail opens here with working links only in development without SMTP: everywhere else only its recipient gets the link',
          });
        }
        return openOutboxMessage(db, request.params.id, { ...request.admin, ip: request.ip });
      },
    );

    scoped.get(
      '/api/admin/audit-log',
      {
        schema: {
          querystring: auditLogQuerySchema,
          response: { 200: auditLogPageSchema, ...filtered },
        },
      },
      (request) => listAuditLog(db, request.query),
    );

    scoped.get(
      '/api/admin/profit-analytics',
      {
        schema: {
          querystring: profitQuerySchema,
          response: { 200: z.array(profitMonthSchema), ...filtered },
        },
      },
      (request) => profitByMonth(db, vatRegistered, request.query),
    );

    scoped.get(
      '/api/admin/profit-analytics/services',
      {
        schema: {
          querystring: profitQuerySchema,
          response: { 200: z.array(profitServiceFiguresSchema), ...filtered },
        },
      },
      (request) => profitByService(db, vatRegistered, request.query),
    );

    scoped.get(
      '/api/admin/profit-analytics.csv',
      {
        schema: {
          querystring: profitQuerySchema,
          response: {
            200: { content: { 'text/csv': { schema: plainTextSchema } } },
            ...filtered,
          },
        },
      },
      async (request, reply) => {
        const { from, to } = profitPeriod(request.query);
        const months = await profitByMonth(db, vatRegistered, request.query);
        return reply
          .headers({
            'cache-control': 'private, no-store',
            'content-disposition': attachmentDisposition(`profit-${from}-to-${to}.csv`),
          })
          .type('text/csv; charset=utf-8')
          .send(profitCsv(months, vatRegistered));
      },
    );

    scoped.get(
      '/api/admin/database/tables',
      { schema: { response: { 200: databaseTablesSchema, ...guarded } } },
      () => listDatabaseTables(db, app.database.kind),
    );

    scoped.get(
      '/api/admin/database/backup',
      {
        schema: {
          response: {
            200: {
              content: {
                'application/gzip': { schema: downloadSchema },
                'application/sql': { schema: downloadSchema },
              },
            },
            ...errorResponses(401),
          },
        },
      },
      async (request, reply) => {
        const backup = await databaseBackup(app.database);
        await recordAudit(db, {
          adminId: request.admin.id,
          actor: request.admin.email,
          action: 'database.backup',
          entityType: 'database',
          entityId: backup.filename,
          ip: request.ip,
        });
        return reply
          .headers({
            'cache-control': 'private, no-store',
            'content-disposition': attachmentDisposition(backup.filename),
          })
          .type(backup.contentType)
          .send(backup.body);
      },
    );
  });
}
