import {
  cannedRepliesQuerySchema,
  cannedReplyDeletedSchema,
  cannedReplyIdParams,
  cannedReplyInputSchema,
  cannedReplyListSchema,
  cannedReplySchema,
  cannedReplyUpdateSchema,
} from '#shared/canned-replies.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import {
  createCannedReply,
  deleteCannedReply,
  listCannedReplies,
  updateCannedReply,
} from './canned-replies.service.ts';

/** The desk's canned replies: every administrator reads and writes them (staff answer tickets). */
export async function cannedReplyRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  await adminScope(app, 'staff', (admin) => {
    admin.get(
      '/api/admin/canned-replies',
      {
        schema: {
          querystring: cannedRepliesQuerySchema,
          response: { 200: cannedReplyListSchema, ...errorResponses(400, 401) },
        },
      },
      (request) => listCannedReplies(db, request.query),
    );

    admin.post(
      '/api/admin/canned-replies',
      {
        schema: {
          body: cannedReplyInputSchema,
          response: { 201: cannedReplySchema, ...errorResponses(...stateChangeErrors, 401) },
        },
      },
      async (request, reply) => {
        const created = await createCannedReply(db, {
          values: request.body,
          admin: request.admin,
          ip: request.ip,
        });
        return reply.status(201).send(created);
      },
    );

    admin.patch(
      '/api/admin/canned-replies/:id',
      {
        schema: {
          params: cannedReplyIdParams,
          body: cannedReplyUpdateSchema,
          response: { 200: cannedReplySchema, ...errorResponses(...stateChangeErrors, 401, 404) },
        },
      },
      (request) =>
        updateCannedReply(db, {
          id: request.params.id,
          change: request.body,
          admin: request.admin,
          ip: request.ip,
        }),
    );

    admin.delete(
      '/api/admin/canned-replies/:id',
      {
        schema: {
          params: cannedReplyIdParams,
          response: {
            200: cannedReplyDeletedSchema,
            ...errorResponses(...stateChangeErrors, 401, 404),
          },
        },
      },
      (request) =>
        deleteCannedReply(db, { id: request.params.id, admin: request.admin, ip: request.ip }),
    );
  });
}
