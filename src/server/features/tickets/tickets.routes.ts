import { z } from 'zod';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import {
  adminTicketPageSchema,
  adminTicketReplySchema,
  adminTicketSchema,
  adminTicketsQuerySchema,
  newTicketBodyLimit,
  newTicketSchema,
  ticketLinkQuerySchema,
  ticketLinkReplySchema,
  ticketReplySchema,
  ticketSchema,
  ticketSummarySchema,
  ticketUpdateSchema,
} from '#shared/tickets.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import { fileParams, MAX_UPLOAD_BYTES, uploadQuerySchema } from '#shared/uploads.schemas.ts';
import { acceptFileBodies, fileBody, fileDownloadResponses } from '../../plugins/file-bodies.ts';
import {
  attachToTicket,
  sendTicketAttachment,
  listCustomerTickets,
  openTicket,
  readCustomerTicket,
  replyAsCustomer,
} from './tickets.service.ts';
import {
  listAdminTickets,
  readAdminTicket,
  replyAsStaff,
  updateTicket,
} from './ticket-desk.service.ts';
import { createTicketThreads } from './ticket-mail-thread.ts';

const referenceParams = z.object({
  reference: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^T-[A-Z0-9]{4,12}$/, 'Not a ticket reference'),
});

/**
 * Support tickets: customers' own (404 for anyone else's), visitors' through the reply link
 * they were mailed, and the back office's view with internal notes, states and assignees.
 */
export async function ticketRoutes(app: AppInstance): Promise<void> {
  const deps = {
    db: app.database.db,
    config: app.config,
    threads: createTicketThreads(app.config, app.secretBox),
  };

  await userScope(app, (scoped) => {
    acceptFileBodies(scoped);

    scoped.post(
      '/api/tickets/:reference/attachments',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          params: referenceParams,
          querystring: uploadQuerySchema,
          response: {
            201: ticketSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409, 429),
          },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      },
      async (request, reply) => {
        const ticket = await attachToTicket(deps.db, {
          userId: request.user.id,
          reference: request.params.reference,
          filename: request.query.filename,
          data: fileBody(request.body),
        });
        return reply.status(201).send(ticket);
      },
    );

    scoped.get(
      '/api/tickets/:reference/attachments/:fileId',
      {
        schema: {
          params: referenceParams.extend(fileParams.shape),
          response: fileDownloadResponses,
        },
      },
      (request, reply) =>
        sendTicketAttachment(deps.db, reply, {
          userId: request.user.id,
          reference: request.params.reference,
          fileId: request.params.fileId,
        }),
    );

    scoped.post(
      '/api/tickets',
      {
        // The files come inside the JSON body, in base64.
        bodyLimit: newTicketBodyLimit,
        schema: {
          body: newTicketSchema,
          response: { 201: ticketSchema, ...errorResponses(...stateChangeErrors, 401, 429) },
        },
        config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      },
      async (request, reply) => {
        const { user } = request;
        const { files, ...body } = request.body;
        const ticket = await openTicket(deps, {
          ...body,
          files: files.map((file) => ({
            filename: file.filename,
            data: Buffer.from(file.content, 'base64'),
          })),
          userId: user.id,
          name: user.fullName,
          email: user.email,
          source: 'dashboard',
          ip: request.ip,
        });
        return reply.status(201).send(ticket);
      },
    );

    scoped.get(
      '/api/tickets',
      { schema: { response: { 200: z.array(ticketSummarySchema), ...errorResponses(401) } } },
      (request) => listCustomerTickets(deps.db, request.user.id),
    );

    scoped.get(
      '/api/tickets/:reference',
      {
        schema: {
          params: referenceParams,
          response: { 200: ticketSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) =>
        readCustomerTicket(deps.db, { userId: request.user.id }, request.params.reference),
    );

    scoped.post(
      '/api/tickets/:reference/messages',
      {
        schema: {
          params: referenceParams,
          body: ticketReplySchema,
          response: {
            201: ticketSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409, 429),
          },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      },
      async (request, reply) => {
        const ticket = await replyAsCustomer(
          deps,
          { userId: request.user.id },
          { reference: request.params.reference, message: request.body.message },
        );
        return reply.status(201).send(ticket);
      },
    );
  });

  // A visitor without an account follows the link they were mailed (the token is the key).
  app.get(
    '/api/ticket-link',
    {
      schema: {
        querystring: ticketLinkQuerySchema,
        response: { 200: ticketSchema, ...errorResponses(400, 404, 429) },
      },
      config: { rateLimit: { max: 60, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readCustomerTicket(deps.db, { token: request.query.token });
    },
  );

  app.post(
    '/api/ticket-link/messages',
    {
      schema: {
        body: ticketLinkReplySchema,
        response: { 201: ticketSchema, ...errorResponses(...stateChangeErrors, 404, 409, 429) },
      },
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const ticket = await replyAsCustomer(
        deps,
        { token: request.body.token },
        { message: request.body.message },
      );
      return reply.status(201).send(ticket);
    },
  );

  await adminScope(app, 'staff', (admin) => {
    admin.get(
      '/api/admin/tickets/:reference/attachments/:fileId',
      {
        schema: {
          params: referenceParams.extend(fileParams.shape),
          response: fileDownloadResponses,
        },
      },
      (request, reply) =>
        sendTicketAttachment(deps.db, reply, {
          userId: null,
          reference: request.params.reference,
          fileId: request.params.fileId,
        }),
    );

    admin.get(
      '/api/admin/tickets',
      {
        schema: {
          querystring: adminTicketsQuerySchema,
          response: { 200: adminTicketPageSchema, ...errorResponses(400, 401) },
        },
      },
      (request) => listAdminTickets(deps.db, request.query),
    );

    admin.get(
      '/api/admin/tickets/:reference',
      {
        schema: {
          params: referenceParams,
          response: { 200: adminTicketSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => readAdminTicket(deps.db, request.params.reference),
    );

    admin.patch(
      '/api/admin/tickets/:reference',
      {
        schema: {
          params: referenceParams,
          body: ticketUpdateSchema,
          response: { 200: adminTicketSchema, ...errorResponses(...stateChangeErrors, 401, 404) },
        },
      },
      (request) =>
        updateTicket(deps, {
          reference: request.params.reference,
          state: request.body.state,
          assigneeId: request.body.assigneeId,
          departmentId: request.body.departmentId,
          priority: request.body.priority,
          admin: request.admin,
          ip: request.ip,
        }),
    );

    admin.post(
      '/api/admin/tickets/:reference/messages',
      {
        schema: {
          params: referenceParams,
          body: adminTicketReplySchema,
          response: {
            201: adminTicketSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const ticket = await replyAsStaff(deps, {
          reference: request.params.reference,
          message: request.body.message,
          internal: request.body.internal,
          admin: request.admin,
          ip: request.ip,
        });
        return reply.status(201).send(ticket);
      },
    );
  });
}
