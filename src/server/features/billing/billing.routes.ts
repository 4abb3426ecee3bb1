import { z } from 'zod';
import {
  invoiceInputSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  quoteAcceptanceSchema,
  quoteAcceptedSchema,
  quoteInputSchema,
  quoteListItemSchema,
  quoteNumberParams,
  quoteSchema,
  raisedInvoiceSchema,
} from '#shared/billing.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { downloadSchema } from '#shared/http.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { sendPdf } from '../../lib/send-pdf.ts';
import { requireViewer } from '../../plugins/sessions.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import { acceptQuote, closeQuote, raiseBalance } from './quote-orders.service.ts';
import { createQuote, getQuote, listQuotes, projectQuote, quotePdf } from './quotes.service.ts';
import { createTeamInvoice, listInvoices } from './team-invoices.service.ts';

/**
 * Invoices and quotes (decision 025): the team lists every document, invoices custom work and
 * quotes with or without a deposit; the customer reads, accepts or declines their quotes.
 */
export async function billingRoutes(app: AppInstance): Promise<void> {
  const deps = { db: app.database.db, config: app.config };

  await adminScope(app, 'staff', (scoped) => {
    scoped.get(
      '/api/admin/invoices',
      {
        schema: {
          querystring: invoiceListQuerySchema,
          response: { 200: invoiceListSchema, ...errorResponses(400, 401) },
        },
      },
      (request) => listInvoices(deps.db, request.query),
    );

    // 404: no such customer; 409: they closed their account.
    scoped.post(
      '/api/admin/invoices',
      {
        schema: {
          body: invoiceInputSchema,
          response: {
            201: raisedInvoiceSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createTeamInvoice(deps, request.body, request.admin)),
    );

    scoped.get(
      '/api/admin/quotes',
      { schema: { response: { 200: z.array(quoteListItemSchema), ...errorResponses(401) } } },
      () => listQuotes(deps.db, {}),
    );

    scoped.post(
      '/api/admin/quotes',
      {
        schema: {
          body: quoteInputSchema,
          response: {
            201: quoteSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createQuote(deps, request.body, request.admin)),
    );

    scoped.get(
      '/api/admin/quotes/:number',
      {
        schema: {
          params: quoteNumberParams,
          response: { 200: quoteSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => getQuote(deps.db, request.params.number, {}),
    );

    // 409: not accepted with a deposit, or the deposit is not paid yet.
    scoped.post(
      '/api/admin/quotes/:number/balance',
      {
        schema: {
          params: quoteNumberParams,
          response: {
            201: raisedInvoiceSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await raiseBalance(deps, request.params.number, request.admin)),
    );

    // 409: accepted already.
    scoped.post(
      '/api/admin/quotes/:number/withdraw',
      {
        schema: {
          params: quoteNumberParams,
          response: { 200: quoteSchema, ...errorResponses(...stateChangeErrors, 401, 404, 409) },
        },
      },
      (request) => closeQuote(deps.db, request.params.number, { admin: request.admin }),
    );

    scoped.get(
      '/api/admin/projects/:reference/quote',
      {
        schema: {
          params: z.object({ reference: z.string().max(40) }),
          response: {
            200: z.object({ quote: quoteSchema.nullable() }),
            ...errorResponses(400, 401),
          },
        },
      },
      async (request) => ({ quote: await projectQuote(deps.db, request.params.reference) }),
    );
  });

  // The quote's PDF, for its customer or an administrator.
  app.get(
    '/api/quotes/:number/quote.pdf',
    {
      schema: {
        params: quoteNumberParams,
        response: {
          200: { content: { 'application/pdf': { schema: downloadSchema } } },
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply);
      return sendPdf(
        reply,
        await quotePdf(deps, request.params.number, 'admin' in viewer ? {} : viewer),
      );
    },
  );

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/quotes',
      { schema: { response: { 200: z.array(quoteListItemSchema), ...errorResponses(401) } } },
      (request) => listQuotes(deps.db, { userId: request.user.id }),
    );

    scoped.get(
      '/api/quotes/:number',
      {
        schema: {
          params: quoteNumberParams,
          response: { 200: quoteSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => getQuote(deps.db, request.params.number, { userId: request.user.id }),
    );

    // 409: expired, declined or withdrawn.
    scoped.post(
      '/api/quotes/:number/accept',
      {
        schema: {
          params: quoteNumberParams,
          body: quoteAcceptanceSchema,
          response: {
            200: quoteAcceptedSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) => acceptQuote(deps, request.params.number, request.user.id, request.body),
    );

    // 409: accepted already.
    scoped.post(
      '/api/quotes/:number/decline',
      {
        schema: {
          params: quoteNumberParams,
          response: {
            200: quoteSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) => closeQuote(deps.db, request.params.number, { userId: request.user.id }),
    );
  });
}
