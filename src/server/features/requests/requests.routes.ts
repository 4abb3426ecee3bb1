import { z } from 'zod';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import {
  serviceRequestCreatedSchema,
  serviceRequestPageSchema,
  serviceRequestSchema,
  serviceRequestSchemaOut,
  serviceRequestStatuses,
  statusChangeSchema,
} from '#shared/requests.schemas.ts';
import { serviceTypes, type ServiceType } from '#shared/service-types.ts';
import type { AppInstance } from '../../app-instance.ts';
import { loadSessionUser } from '../../plugins/sessions.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import {
  changeRequestStatus,
  createServiceRequest,
  getRequest,
  listRequests,
  listUserRequests,
} from './requests.service.ts';

const idParams = z.object({ id: z.uuid('Not a request id') });

export async function requestRoutes(app: AppInstance): Promise<void> {
  const deps = { db: app.database.db, config: app.config };

  app.post(
    '/api/service-requests',
    {
      schema: {
        body: serviceRequestSchema,
        response: {
          201: serviceRequestCreatedSchema,
          ...errorResponses(...stateChangeErrors, 429),
        },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const { website, ...input } = request.body;
      const user = await loadSessionUser(request, reply);
      if (website) {
        // A bot filled the hidden field: answer like a success, keep nothing.
        request.log.info('service request honeypot filled; dropped');
        return reply
          .status(201)
          .send({ reference: 'SR-RECEIVED', status: 'new', createdAt: new Date().toISOString() });
      }
      const created = await createServiceRequest(deps, { ...input, userId: user?.id ?? null });
      return reply.status(201).send(created);
    },
  );

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/user/service-requests',
      { schema: { response: { 200: z.array(serviceRequestSchemaOut), ...errorResponses(401) } } },
      (request) => listUserRequests(deps.db, request.user.id),
    );
  });

  await adminScope(app, 'staff', (admin) => {
    admin.get(
      '/api/admin/service-requests',
      {
        schema: {
          querystring: z.object({
            page: z.coerce.number().int().min(1).max(10_000).default(1),
            status: z.enum(serviceRequestStatuses).optional(),
            serviceType: z.enum(serviceTypes as [ServiceType, ...ServiceType[]]).optional(),
          }),
          response: { 200: serviceRequestPageSchema, ...errorResponses(400, 401) },
        },
      },
      (request) => listRequests(deps.db, request.query),
    );

    admin.get(
      '/api/admin/service-requests/:id',
      {
        schema: {
          params: idParams,
          response: { 200: serviceRequestSchemaOut, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => getRequest(deps.db, request.params.id),
    );

    admin.patch(
      '/api/admin/service-requests/:id',
      {
        schema: {
          params: idParams,
          body: statusChangeSchema,
          response: {
            200: serviceRequestSchemaOut,
            ...errorResponses(...stateChangeErrors, 401, 404, 409),
          },
        },
      },
      (request) =>
        changeRequestStatus(deps, {
          id: request.params.id,
          status: request.body.status,
          quote: request.body.quote,
          admin: request.admin,
          ip: request.ip,
        }),
    );
  });
}
