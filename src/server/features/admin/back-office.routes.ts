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
} from '#shared/admin.schemas.ts';
import type { AppInstance } from '../../app.ts';
import { adminScope } from '../../plugins/admin-scope.ts';
import { listAuditLog } from './audit-log.ts';
import {
  profitByMonth,
  listContactMessages,
  listDatabaseTables,
  listOutbox,
  loadDashboard,
  readOutboxMessage,
} from './back-office.service.ts';

/** The back office's own data; every route here needs an administrator session. */
export async function backOfficeRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  await adminScope(app, (scoped) => {
    scoped.get(
      '/api/admin/dashboard',
      { schema: { response: { 200: adminDashboardSchema } } },
      () => loadDashboard(db),
    );

    scoped.get(
      '/api/admin/audit-log',
      { schema: { querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema } } },
      (request) => listAuditLog(db, request.query),
    );

    scoped.get(
      '/api/admin/outbox',
      { schema: { querystring: pageQuerySchema, response: { 200: outboxPageSchema } } },
      (request) => listOutbox(db, request.query.page),
    );

    scoped.get(
      '/api/admin/outbox/:id',
      {
        schema: {
          params: z.object({ id: z.uuid('Not a message id') }),
          response: { 200: outboxMessageSchema },
        },
      },
      (request) => readOutboxMessage(db, request.params.id),
    );

    scoped.get(
      '/api/admin/profit-analytics',
      {
        schema: {
          response: {
            200: z.array(
              z.object({
                month: z.string(),
                orders: z.number(),
                revenue: z.number(),
                vat: z.number(),
                revenueExVat: z.number(),
                paymentFees: z.number(),
                registrarCosts: z.number(),
                grossProfit: z.number(),
              }),
            ),
          },
        },
      },
      () => profitByMonth(db),
    );

    scoped.get(
      '/api/admin/support-tickets',
      { schema: { querystring: pageQuerySchema, response: { 200: contactMessagePageSchema } } },
      (request) => listContactMessages(db, request.query.page),
    );

    scoped.get(
      '/api/admin/database/tables',
      { schema: { response: { 200: databaseTablesSchema } } },
      () => listDatabaseTables(db, app.database.kind),
    );
  });
}
