import { z } from 'zod';
import {
  adminDashboardSchema,
  contactMessagePageSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  databaseTablesSchema,
  outboxMessageSchema,
  outboxPageSchema,
  pageQuerySchema,
  profitMonthSchema,
} from '#shared/admin.schemas.ts';
import { errorResponses } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { listAuditLog } from './audit-log.service.ts';
import {
  profitByMonth,
  listContactMessages,
  listDatabaseTables,
  listOutbox,
  loadDashboard,
  readOutboxMessage,
} from './back-office.service.ts';

/** Without an administrator session every route here answers 401; a bad filter or page, 400. */
const guarded = errorResponses(401);
const filtered = errorResponses(400, 401);

/** The back office's own data; every route here needs an administrator session. */
export async function backOfficeRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  await adminScope(app, (scoped) => {
    scoped.get(
      '/api/admin/dashboard',
      { schema: { response: { 200: adminDashboardSchema, ...guarded } } },
      () => loadDashboard(db),
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
      (request) => readOutboxMessage(db, request.params.id),
    );

    scoped.get(
      '/api/admin/profit-analytics',
      {
        schema: {
          response: { 200: z.array(profitMonthSchema), ...guarded },
        },
      },
      () => profitByMonth(db),
    );

    scoped.get(
      '/api/admin/support-tickets',
      {
        schema: {
          querystring: pageQuerySchema,
          response: { 200: contactMessagePageSchema, ...filtered },
        },
      },
      (request) => listContactMessages(db, request.query.page),
    );

    scoped.get(
      '/api/admin/database/tables',
      { schema: { response: { 200: databaseTablesSchema, ...guarded } } },
      () => listDatabaseTables(db, app.database.kind),
    );
  });
}
