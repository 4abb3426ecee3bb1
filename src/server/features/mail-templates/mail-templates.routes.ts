import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import {
  mailLayoutInputSchema,
  mailLayoutSchema,
  mailPreviewSchema,
  mailTemplateDetailSchema,
  mailTemplateKeyParams,
  mailTemplateListSchema,
  mailTemplateTextSchema,
  mailTestSentSchema,
} from '#shared/mail-templates.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import {
  currentMailLayout,
  listMailTemplates,
  mailTemplateDetail,
  previewMailLayout,
  previewMailTemplate,
  resetMailLayout,
  resetMailTemplate,
  saveMailLayout,
  saveMailTemplate,
  sendTestMail,
} from './mail-templates.service.ts';

/** The owner's words and look of the mails: owners only (they speak for the company). */
export async function mailTemplateRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  const { config } = app;

  await adminScope(app, 'owner', (owner) => {
    owner.get(
      '/api/admin/mail-templates',
      { schema: { response: { 200: mailTemplateListSchema, ...errorResponses(401) } } },
      () => listMailTemplates(db),
    );

    owner.get(
      '/api/admin/mail-templates/:key',
      {
        schema: {
          params: mailTemplateKeyParams,
          response: { 200: mailTemplateDetailSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => mailTemplateDetail(db, request.params.key),
    );

    owner.put(
      '/api/admin/mail-templates/:key',
      {
        schema: {
          params: mailTemplateKeyParams,
          body: mailTemplateTextSchema,
          response: {
            200: mailTemplateDetailSchema,
            ...errorResponses(...stateChangeErrors, 401, 404),
          },
        },
      },
      (request) =>
        saveMailTemplate(db, {
          key: request.params.key,
          text: request.body,
          admin: request.admin,
          ip: request.ip,
        }),
    );

    owner.delete(
      '/api/admin/mail-templates/:key',
      {
        schema: {
          params: mailTemplateKeyParams,
          response: {
            200: mailTemplateDetailSchema,
            ...errorResponses(...stateChangeErrors, 401, 404),
          },
        },
      },
      (request) =>
        resetMailTemplate(db, { key: request.params.key, admin: request.admin, ip: request.ip }),
    );

    owner.post(
      '/api/admin/mail-templates/:key/preview',
      {
        schema: {
          params: mailTemplateKeyParams,
          body: mailTemplateTextSchema,
          response: { 200: mailPreviewSchema, ...errorResponses(...stateChangeErrors, 401, 404) },
        },
      },
      (request) => previewMailTemplate(db, config, { key: request.params.key, text: request.body }),
    );

    owner.post(
      '/api/admin/mail-templates/:key/test',
      {
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
        schema: {
          params: mailTemplateKeyParams,
          body: mailTemplateTextSchema,
          response: {
            202: mailTestSentSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const sent = await sendTestMail(db, config, {
          key: request.params.key,
          text: request.body,
          admin: request.admin,
          ip: request.ip,
        });
        return reply.status(202).send(sent);
      },
    );

    owner.get(
      '/api/admin/mail-layout',
      { schema: { response: { 200: mailLayoutSchema, ...errorResponses(401) } } },
      () => currentMailLayout(db),
    );

    owner.put(
      '/api/admin/mail-layout',
      {
        schema: {
          body: mailLayoutInputSchema,
          response: { 200: mailLayoutSchema, ...errorResponses(...stateChangeErrors, 401) },
        },
      },
      (request) =>
        saveMailLayout(db, { values: request.body, admin: request.admin, ip: request.ip }),
    );

    owner.delete(
      '/api/admin/mail-layout',
      {
        schema: {
          response: { 200: mailLayoutSchema, ...errorResponses(...stateChangeErrors, 401) },
        },
      },
      (request) => resetMailLayout(db, { admin: request.admin, ip: request.ip }),
    );

    owner.post(
      '/api/admin/mail-layout/preview',
      {
        schema: {
          body: mailLayoutInputSchema,
          response: { 200: mailPreviewSchema, ...errorResponses(...stateChangeErrors, 401) },
        },
      },
      (request) => previewMailLayout(config, request.body),
    );
  });
}
