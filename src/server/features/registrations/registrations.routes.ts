import { z } from 'zod';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import {
  adminRegistrationCaseSchema,
  adminRegistrationSummarySchema,
  customerDocumentQuerySchema,
  registrationCaseSchema,
  registrationChecklistSchema,
  registrationStageDoneSchema,
  registrationSummarySchema,
  teamDocumentQuerySchema,
} from '#shared/registrations.schemas.ts';
import { fileParams, MAX_UPLOAD_BYTES } from '#shared/uploads.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { acceptFileBodies, fileBody, fileDownloadResponses } from '../../plugins/file-bodies.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import {
  completeStage,
  listAdminRegistrations,
  readAdminRegistration,
  sendAdminDocument,
  setChecklist,
  uploadTeamDocument,
} from './admin-registrations.service.ts';
import {
  listCustomerRegistrations,
  readCustomerRegistration,
  sendCustomerDocument,
  uploadCustomerDocument,
} from './registrations.service.ts';

const referenceParams = z.object({
  reference: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^R-[A-Z0-9]{4,12}$/, 'Not a registration reference'),
});
const fileRouteParams = referenceParams.extend(fileParams.shape);

/**
 * Company registration cases (issue 34 §1): the customer's own (404 for anyone else's) with the
 * documents asked for and delivered; the back office's board, checklists and stages.
 */
export async function registrationRoutes(app: AppInstance): Promise<void> {
  const deps = { db: app.database.db, config: app.config };

  await userScope(app, (scoped) => {
    acceptFileBodies(scoped);

    scoped.get(
      '/api/registrations',
      {
        schema: { response: { 200: z.array(registrationSummarySchema), ...errorResponses(401) } },
      },
      (request) => listCustomerRegistrations(deps.db, request.user.id),
    );

    scoped.get(
      '/api/registrations/:reference',
      {
        schema: {
          params: referenceParams,
          response: { 200: registrationCaseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => readCustomerRegistration(deps.db, request.user.id, request.params.reference),
    );

    scoped.post(
      '/api/registrations/:reference/files',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          params: referenceParams,
          querystring: customerDocumentQuerySchema,
          response: {
            201: registrationCaseSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409, 429),
          },
        },
        config: { rateLimit: { max: 100, timeWindow: '1 hour' } },
      },
      async (request, reply) => {
        const registration = await uploadCustomerDocument(deps, {
          userId: request.user.id,
          reference: request.params.reference,
          purpose: request.query.purpose,
          filename: request.query.filename,
          data: fileBody(request.body),
        });
        return reply.status(201).send(registration);
      },
    );

    scoped.get(
      '/api/registrations/:reference/files/:fileId',
      { schema: { params: fileRouteParams, response: fileDownloadResponses } },
      (request, reply) =>
        sendCustomerDocument(deps.db, reply, {
          userId: request.user.id,
          reference: request.params.reference,
          fileId: request.params.fileId,
        }),
    );
  });

  await adminScope(app, 'staff', (admin) => {
    acceptFileBodies(admin);

    admin.get(
      '/api/admin/registrations',
      {
        schema: {
          response: { 200: z.array(adminRegistrationSummarySchema), ...errorResponses(401) },
        },
      },
      () => listAdminRegistrations(deps.db),
    );

    admin.get(
      '/api/admin/registrations/:reference',
      {
        schema: {
          params: referenceParams,
          response: { 200: adminRegistrationCaseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => readAdminRegistration(deps.db, request.params.reference),
    );

    admin.put(
      '/api/admin/registrations/:reference/checklist',
      {
        schema: {
          params: referenceParams,
          body: registrationChecklistSchema,
          response: {
            200: adminRegistrationCaseSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        setChecklist(deps, {
          ...request.body,
          reference: request.params.reference,
          admin: request.admin,
          ip: request.ip,
        }),
    );

    admin.post(
      '/api/admin/registrations/:reference/stages',
      {
        schema: {
          params: referenceParams,
          body: registrationStageDoneSchema,
          response: {
            200: adminRegistrationCaseSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        completeStage(deps, {
          ...request.body,
          reference: request.params.reference,
          admin: request.admin,
          ip: request.ip,
        }),
    );

    admin.post(
      '/api/admin/registrations/:reference/files',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          params: referenceParams,
          querystring: teamDocumentQuerySchema,
          response: {
            201: adminRegistrationCaseSchema,
            ...errorResponses(...stateChangeErrors, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const registration = await uploadTeamDocument(deps, {
          reference: request.params.reference,
          purpose: request.query.purpose,
          filename: request.query.filename,
          data: fileBody(request.body),
          admin: request.admin,
          ip: request.ip,
        });
        return reply.status(201).send(registration);
      },
    );

    admin.get(
      '/api/admin/registrations/:reference/files/:fileId',
      { schema: { params: fileRouteParams, response: fileDownloadResponses } },
      (request, reply) =>
        sendAdminDocument(deps.db, reply, {
          reference: request.params.reference,
          fileId: request.params.fileId,
        }),
    );
  });
}
