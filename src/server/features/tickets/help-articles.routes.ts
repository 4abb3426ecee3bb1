import {
  adminHelpArticleSchema,
  adminHelpListSchema,
  helpArticleDeletedSchema,
  helpArticleIdParams,
  helpArticleInputSchema,
  helpArticleSchema,
  helpArticleStatusSchema,
  helpIndexSchema,
  helpPreviewInputSchema,
  helpPreviewSchema,
  helpSearchQuerySchema,
  helpSearchResultsSchema,
  helpSlugParams,
} from '#shared/help-centre.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { AppError } from '../../plugins/errors.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { markdownToSafeHtml } from '../../lib/markdown.ts';
import {
  createHelpArticle,
  deleteHelpArticle,
  helpIndex,
  listAdminHelpArticles,
  publishedHelpArticle,
  searchHelpArticles,
  setHelpArticleStatus,
  updateHelpArticle,
} from './help-articles.service.ts';

/** The help centre: published articles for anyone; writing and publishing for every administrator. */
export async function helpArticleRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  app.get(
    '/api/help',
    { schema: { response: { 200: helpIndexSchema, ...errorResponses() } } },
    () => helpIndex(db),
  );

  app.get(
    '/api/help/articles/:slug',
    {
      schema: {
        params: helpSlugParams,
        response: { 200: helpArticleSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const article = await publishedHelpArticle(db, request.params.slug);
      if (!article) throw new AppError('NOT_FOUND', { message: 'No such help article' });
      return article;
    },
  );

  app.get(
    '/api/help/search',
    {
      // Typed as the visitor types (debounced): generous, but not a free full-text engine.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        querystring: helpSearchQuerySchema,
        response: { 200: helpSearchResultsSchema, ...errorResponses(400, 429) },
      },
    },
    (request) => searchHelpArticles(db, request.query.q),
  );

  await adminScope(app, 'staff', (admin) => {
    admin.get(
      '/api/admin/help/articles',
      { schema: { response: { 200: adminHelpListSchema, ...errorResponses(401) } } },
      () => listAdminHelpArticles(db),
    );

    admin.post(
      '/api/admin/help/articles',
      {
        schema: {
          body: helpArticleInputSchema,
          response: {
            201: adminHelpArticleSchema,
            ...errorResponses(...stateChangeErrors, 401, 409),
          },
        },
      },
      async (request, reply) => {
        const created = await createHelpArticle(db, {
          values: request.body,
          admin: request.admin,
          ip: request.ip,
        });
        return reply.status(201).send(created);
      },
    );

    admin.put(
      '/api/admin/help/articles/:id',
      {
        schema: {
          params: helpArticleIdParams,
          body: helpArticleInputSchema,
          response: {
            200: adminHelpArticleSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        updateHelpArticle(db, {
          id: request.params.id,
          values: request.body,
          admin: request.admin,
          ip: request.ip,
        }),
    );

    admin.post(
      '/api/admin/help/articles/:id/status',
      {
        schema: {
          params: helpArticleIdParams,
          body: helpArticleStatusSchema,
          response: {
            200: adminHelpArticleSchema,
            ...errorResponses(...stateChangeErrors, 401, 404),
          },
        },
      },
      (request) =>
        setHelpArticleStatus(db, {
          id: request.params.id,
          status: request.body.status,
          admin: request.admin,
          ip: request.ip,
        }),
    );

    admin.delete(
      '/api/admin/help/articles/:id',
      {
        schema: {
          params: helpArticleIdParams,
          response: {
            200: helpArticleDeletedSchema,
            ...errorResponses(...stateChangeErrors, 401, 404),
          },
        },
      },
      (request) =>
        deleteHelpArticle(db, { id: request.params.id, admin: request.admin, ip: request.ip }),
    );

    // The editor's preview: exactly what a save would store, so what is seen is what is published.
    admin.post(
      '/api/admin/help/preview',
      {
        schema: {
          body: helpPreviewInputSchema,
          response: { 200: helpPreviewSchema, ...errorResponses(...stateChangeErrors, 401) },
        },
      },
      (request) => ({ html: markdownToSafeHtml(request.body.markdown) }),
    );
  });
}
