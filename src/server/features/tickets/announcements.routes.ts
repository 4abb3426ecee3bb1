import {
  announcementDeletedSchema,
  announcementIdParams,
  announcementInputSchema,
  announcementListSchema,
  announcementPreviewResultSchema,
  announcementPreviewSchema,
  announcementSchema,
  marketingMailSchema,
  publicAnnouncementListSchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
  unsubscribeSchema,
} from '#shared/announcements.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { markdownToSafeHtml } from '../../lib/markdown.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import {
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncements,
  listCurrentAnnouncements,
  updateAnnouncement,
} from './announcements.service.ts';
import {
  createUnsubscribeTokens,
  marketingMailOf,
  setMarketingMail,
  unsubscribeByToken,
} from './marketing-unsubscribe.ts';

/**
 * Announcements: what shows now (anyone), the back office's list and editor (owners and staff),
 * and marketing mail's unsubscribe (a signed link, or the customer's own settings).
 */
export async function announcementRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  const tokens = createUnsubscribeTokens(app.secretBox);

  app.get(
    '/api/announcements',
    { schema: { response: { 200: publicAnnouncementListSchema, ...errorResponses() } } },
    () => listCurrentAnnouncements(db, new Date()),
  );

  // JSON from our /unsubscribe page ({ token }), or a mail program's RFC 8058 one-click POST:
  // `List-Unsubscribe=One-Click` as a form (urlencoded or multipart), the token in the
  // List-Unsubscribe URL. The form's fields say nothing the URL does not, so a multipart one is
  // read as nothing rather than refused with 415.
  await app.register(async (instance) => {
    const scope = instance as AppInstance;
    // This scope is made before @fastify/formbody is registered (payments): its own reader.
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
    }
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_r, _b, done) =>
      done(null, {}),
    );
    scope.post(
      '/api/marketing/unsubscribe',
      {
        schema: {
          querystring: unsubscribeQuerySchema,
          body: unsubscribeSchema.optional(),
          response: { 200: unsubscribedSchema, ...errorResponses(...stateChangeErrors, 429) },
        },
        bodyLimit: 4 * 1024,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request) => {
        await unsubscribeByToken(db, tokens, request.body?.token ?? request.query.token);
        return { unsubscribed: true as const };
      },
    );
  });

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/user/marketing-mail',
      { schema: { response: { 200: marketingMailSchema, ...errorResponses(401) } } },
      (request) => marketingMailOf(db, request.user.id),
    );
    scoped.put(
      '/api/user/marketing-mail',
      {
        schema: {
          body: marketingMailSchema,
          response: { 200: marketingMailSchema, ...errorResponses(...stateChangeErrors, 401) },
        },
      },
      (request) => setMarketingMail(db, request.user.id, request.body.subscribed),
    );
  });

  await adminScope(app, 'staff', (admin) => {
    admin.get(
      '/api/admin/announcements',
      { schema: { response: { 200: announcementListSchema, ...errorResponses(401) } } },
      () => listAnnouncements(db),
    );

    admin.post(
      '/api/admin/announcements/preview',
      {
        schema: {
          body: announcementPreviewSchema,
          response: {
            200: announcementPreviewResultSchema,
            ...errorResponses(...stateChangeErrors, 401),
          },
        },
      },
      (request) => ({ html: markdownToSafeHtml(request.body.bodyMarkdown) }),
    );

    admin.post(
      '/api/admin/announcements',
      {
        schema: {
          body: announcementInputSchema,
          response: { 201: announcementSchema, ...errorResponses(...stateChangeErrors, 401) },
        },
      },
      async (request, reply) => {
        const created = await createAnnouncement(db, {
          values: request.body,
          admin: request.admin,
          ip: request.ip,
          now: new Date(),
        });
        return reply.status(201).send(created);
      },
    );

    admin.put(
      '/api/admin/announcements/:id',
      {
        schema: {
          params: announcementIdParams,
          body: announcementInputSchema,
          response: { 200: announcementSchema, ...errorResponses(...stateChangeErrors, 401, 404) },
        },
      },
      (request) =>
        updateAnnouncement(db, {
          id: request.params.id,
          values: request.body,
          admin: request.admin,
          ip: request.ip,
          now: new Date(),
        }),
    );

    admin.delete(
      '/api/admin/announcements/:id',
      {
        schema: {
          params: announcementIdParams,
          response: {
            200: announcementDeletedSchema,
            ...errorResponses(...stateChangeErrors, 401, 404),
          },
        },
      },
      (request) =>
        deleteAnnouncement(db, { id: request.params.id, admin: request.admin, ip: request.ip }),
    );
  });
}
