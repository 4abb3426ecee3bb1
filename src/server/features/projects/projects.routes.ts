import { z } from 'zod';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import {
  adminProjectBoardSchema,
  adminProjectSchema,
  projectCommentInputSchema,
  projectContentInputSchema,
  projectFileQuerySchema,
  projectSchema,
  projectSummarySchema,
  projectUpdateSchema,
} from '#shared/projects.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import {
  commentAsStaff,
  listAdminProjects,
  readAdminProject,
  sendAdminProjectFile,
  updateProject,
} from './admin-projects.service.ts';
import {
  approveProject,
  commentAsCustomer,
  listCustomerProjects,
  readCustomerProject,
  saveContent,
  sendCustomerProjectFile,
  uploadProjectFile,
} from './projects.service.ts';
import { fileParams, MAX_UPLOAD_BYTES } from '#shared/uploads.schemas.ts';
import { acceptFileBodies, fileBody, fileDownloadResponses } from '../../plugins/file-bodies.ts';

const referenceParams = z.object({
  reference: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^P-[A-Z0-9]{4,12}$/, 'Not a project reference'),
});

/**
 * Website projects: the customer's own (404 for anyone else's) with the content checklist,
 * comments and approval at review; the back office's board, stages, due dates and comments.
 */
export async function projectRoutes(app: AppInstance): Promise<void> {
  const deps = { db: app.database.db, config: app.config };

  await userScope(app, (scoped) => {
    acceptFileBodies(scoped);

    scoped.post(
      '/api/projects/:reference/files',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          params: referenceParams,
          querystring: projectFileQuerySchema,
          response: {
            201: projectSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 429),
          },
        },
        config: { rateLimit: { max: 100, timeWindow: '1 hour' } },
      },
      async (request, reply) => {
        const project = await uploadProjectFile(deps, {
          userId: request.user.id,
          reference: request.params.reference,
          item: request.query.item,
          filename: request.query.filename,
          data: fileBody(request.body),
        });
        return reply.status(201).send(project);
      },
    );

    scoped.get(
      '/api/projects/:reference/files/:fileId',
      {
        schema: {
          params: referenceParams.extend(fileParams.shape),
          response: fileDownloadResponses,
        },
      },
      (request, reply) =>
        sendCustomerProjectFile(deps.db, reply, {
          userId: request.user.id,
          reference: request.params.reference,
          fileId: request.params.fileId,
        }),
    );

    scoped.get(
      '/api/projects',
      { schema: { response: { 200: z.array(projectSummarySchema), ...errorResponses(401) } } },
      (request) => listCustomerProjects(deps.db, request.user.id),
    );

    scoped.get(
      '/api/projects/:reference',
      {
        schema: {
          params: referenceParams,
          response: { 200: projectSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => readCustomerProject(deps.db, request.user.id, request.params.reference),
    );

    scoped.put(
      '/api/projects/:reference/content',
      {
        schema: {
          params: referenceParams,
          body: projectContentInputSchema,
          response: {
            200: projectSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409, 429),
          },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      },
      (request) =>
        saveContent(deps, {
          userId: request.user.id,
          reference: request.params.reference,
          content: request.body,
        }),
    );

    scoped.post(
      '/api/projects/:reference/comments',
      {
        schema: {
          params: referenceParams,
          body: projectCommentInputSchema,
          response: {
            201: projectSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 429),
          },
        },
        config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      },
      async (request, reply) => {
        const project = await commentAsCustomer(deps, {
          userId: request.user.id,
          name: request.user.fullName,
          reference: request.params.reference,
          message: request.body.message,
        });
        return reply.status(201).send(project);
      },
    );

    scoped.post(
      '/api/projects/:reference/approval',
      {
        schema: {
          params: referenceParams,
          response: {
            200: projectSchema,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        approveProject(deps, { userId: request.user.id, reference: request.params.reference }),
    );
  });

  await adminScope(app, 'staff', (admin) => {
    admin.get(
      '/api/admin/projects/:reference/files/:fileId',
      {
        schema: {
          params: referenceParams.extend(fileParams.shape),
          response: fileDownloadResponses,
        },
      },
      (request, reply) =>
        sendAdminProjectFile(deps.db, reply, {
          reference: request.params.reference,
          fileId: request.params.fileId,
        }),
    );

    admin.get(
      '/api/admin/projects',
      { schema: { response: { 200: adminProjectBoardSchema, ...errorResponses(401) } } },
      () => listAdminProjects(deps.db),
    );

    admin.get(
      '/api/admin/projects/:reference',
      {
        schema: {
          params: referenceParams,
          response: { 200: adminProjectSchema, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => readAdminProject(deps.db, request.params.reference),
    );

    admin.patch(
      '/api/admin/projects/:reference',
      {
        schema: {
          params: referenceParams,
          body: projectUpdateSchema,
          response: { 200: adminProjectSchema, ...errorResponses(...stateChangeErrors, 401, 404) },
        },
      },
      (request) =>
        updateProject(deps, {
          reference: request.params.reference,
          stage: request.body.stage,
          dueDates: request.body.dueDates,
          admin: request.admin,
          ip: request.ip,
        }),
    );

    admin.post(
      '/api/admin/projects/:reference/comments',
      {
        schema: {
          params: referenceParams,
          body: projectCommentInputSchema,
          response: { 201: adminProjectSchema, ...errorResponses(...stateChangeErrors, 401, 404) },
        },
      },
      async (request, reply) => {
        const project = await commentAsStaff(deps, {
          reference: request.params.reference,
          message: request.body.message,
          admin: request.admin,
          ip: request.ip,
        });
        return reply.status(201).send(project);
      },
    );
  });
}
