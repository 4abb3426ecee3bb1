import type { FastifyReply } from 'fastify';
import { errorResponses } from '#shared/errors.ts';
import { plainTextSchema } from '#shared/http.schemas.ts';
import {
  agedDebtorsSchema,
  customerRevenueSchema,
  recurringRevenueSchema,
  serviceRevenueSchema,
  vatReturnQuerySchema,
  vatReturnSchema,
} from '#shared/reports.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { attachmentDisposition } from '../../lib/content-disposition.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { profitQuerySchema } from '#shared/admin.schemas.ts';
import { customerRevenueCsv, revenueByCustomer } from './customer-revenue.service.ts';
import { recurringRevenue, recurringRevenueCsv } from './recurring-revenue.service.ts';
import { revenueByService, serviceRevenueCsv } from './service-revenue.service.ts';
import { agedDebtors, agedDebtorsCsv } from './aged-debtors.service.ts';
import { vatReturn, vatReturnCsv, vatReturnFileName } from './vat-return.service.ts';

const filtered = errorResponses(400, 401, 403);
const guarded = errorResponses(401, 403);
const csvResponse = { content: { 'text/csv': { schema: plainTextSchema } } };

/** A report's figures as a download, never kept by a cache. */
const sendCsv = (reply: FastifyReply, fileName: string, csv: string) =>
  reply
    .headers({
      'cache-control': 'private, no-store',
      'content-disposition': attachmentDisposition(fileName),
    })
    .type('text/csv; charset=utf-8')
    .send(csv);

/** The owners' reports (/admin/reports): each as JSON for the page and as CSV with its figures. */
export async function reportRoutes(app: AppInstance): Promise<void> {
  const db = app.database.db;
  const vatRegistered = Boolean(app.config.supplier.vatNumber);

  await adminScope(app, 'owner', (scoped) => {
    scoped.get(
      '/api/admin/reports/aged-debtors',
      { schema: { response: { 200: agedDebtorsSchema, ...guarded } } },
      () => agedDebtors(db),
    );

    scoped.get(
      '/api/admin/reports/aged-debtors.csv',
      { schema: { response: { 200: csvResponse, ...guarded } } },
      async (_request, reply) => {
        const report = await agedDebtors(db);
        return sendCsv(reply, `aged-debtors-${report.asOf}.csv`, agedDebtorsCsv(report));
      },
    );

    scoped.get(
      '/api/admin/reports/recurring-revenue',
      { schema: { response: { 200: recurringRevenueSchema, ...guarded } } },
      () => recurringRevenue(db),
    );

    scoped.get(
      '/api/admin/reports/recurring-revenue.csv',
      { schema: { response: { 200: csvResponse, ...guarded } } },
      async (_request, reply) => {
        const report = await recurringRevenue(db);
        const last = report.months.at(-1)?.month ?? '';
        return sendCsv(reply, `recurring-revenue-to-${last}.csv`, recurringRevenueCsv(report));
      },
    );

    scoped.get(
      '/api/admin/reports/revenue-by-customer',
      {
        schema: {
          querystring: profitQuerySchema,
          response: { 200: customerRevenueSchema, ...filtered },
        },
      },
      (request) => revenueByCustomer(db, request.query),
    );

    scoped.get(
      '/api/admin/reports/revenue-by-customer.csv',
      {
        schema: {
          querystring: profitQuerySchema,
          response: { 200: csvResponse, ...filtered },
        },
      },
      async (request, reply) => {
        const report = await revenueByCustomer(db, request.query);
        return sendCsv(
          reply,
          `revenue-by-customer-${report.from}-to-${report.to}.csv`,
          customerRevenueCsv(report, vatRegistered),
        );
      },
    );

    scoped.get(
      '/api/admin/reports/revenue-by-service',
      {
        schema: {
          querystring: profitQuerySchema,
          response: { 200: serviceRevenueSchema, ...filtered },
        },
      },
      (request) => revenueByService(db, request.query),
    );
    scoped.get(
      '/api/admin/reports/revenue-by-service.csv',
      {
        schema: {
          querystring: profitQuerySchema,
          response: { 200: csvResponse, ...filtered },
        },
      },
      async (request, reply) => {
        const report = await revenueByService(db, request.query);
        return sendCsv(
          reply,
          `revenue-by-service-${report.from}-to-${report.to}.csv`,
          serviceRevenueCsv(report, vatRegistered),
        );
      },
    );
    scoped.get(
      '/api/admin/reports/vat-return',
      {
        schema: {
          querystring: vatReturnQuerySchema,
          response: { 200: vatReturnSchema, ...filtered },
        },
      },
      (request) => vatReturn(db, vatRegistered, request.query),
    );

    scoped.get(
      '/api/admin/reports/vat-return.csv',
      {
        schema: {
          querystring: vatReturnQuerySchema,
          response: {
            200: csvResponse,
            ...filtered,
          },
        },
      },
      async (request, reply) => {
        const report = await vatReturn(db, vatRegistered, request.query);
        return sendCsv(reply, vatReturnFileName(report), vatReturnCsv(report));
      },
    );
  });
}
