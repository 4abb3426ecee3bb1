import { z } from 'zod';
import {
  serviceRequestCreatedSchema,
  serviceRequestSchema,
  serviceRequestSchemaOut,
  serviceRequestStatuses,
  statusChangeSchema,
} from '#shared/requests.schemas.ts';
import { serviceTypes, type ServiceType } from '#shared/service-types.ts';
import type { AppInstance } from '../../app.ts';
import { adminScope } from '../../plugins/admin-scope.ts';
import { loadSessionUser, requireAdmin, requireUser } from '../../plugins/sessions.ts';
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
      schema: { body: serviceRequestSchema, response: { 201: serviceRequestCreatedSchema } },
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
      app.mailer.kick();
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/user/service-requests',
    { schema: { response: { 200: z.array(serviceRequestSchemaOut) } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('cache-control', 'private, no-store');
      return listUserRequests(deps.db, user.id);
    },
  );

  await adminScope(app, (admin) => {
    admin.get(
      '/api/admin/service-requests',
      {
        schema: {
          querystring: z.object({
            page: z.coerce.number().int().min(1).max(10_000).default(1),
            status: z.enum(serviceRequestStatuses).optional(),
            serviceType: z.enum(serviceTypes as [ServiceType, ...ServiceType[]]).optional(),
          }),
          response: {
            200: z.object({
              items: z.array(serviceRequestSchemaOut),
              total: z.number(),
              page: z.number(),
              pageSize: z.number(),
            }),
          },
        },
      },
      (request) => listRequests(deps.db, request.query),
    );

    admin.get(
      '/api/admin/service-requests/:id',
      { schema: { params: idParams, response: { 200: serviceRequestSchemaOut } } },
      (request) => getRequest(deps.db, request.params.id),
    );

    admin.patch(
      '/api/admin/service-requests/:id',
      {
        schema: {
          params: idParams,
          body: statusChangeSchema,
          response: { 200: serviceRequestSchemaOut },
        },
      },
      async (request, reply) => {
        const admin = await requireAdmin(request, reply);
        const updated = await changeRequestStatus(deps, {
          id: request.params.id,
          status: request.body.status,
          quote: request.body.quote,
          admin,
          ip: request.ip,
        });
        app.mailer.kick();
        return updated;
      },
    );
  });
}
