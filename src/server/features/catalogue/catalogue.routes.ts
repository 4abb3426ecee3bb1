import { z } from 'zod';
import { serviceSchema } from '#shared/catalogue.schemas.ts';
import { errorResponses } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { getService, listServices } from './catalogue.service.ts';

// Prices change rarely and only with a deploy or a seed: browsers and proxies may keep them briefly.
const cacheable = 'public, max-age=300, stale-while-revalidate=600';

export function catalogueRoutes(app: AppInstance): void {
  const { db } = app.database;

  app.get(
    '/api/services',
    { schema: { response: { 200: z.array(serviceSchema), ...errorResponses() } } },
    async (_request, reply) => {
      reply.header('cache-control', cacheable);
      return listServices(db);
    },
  );

  app.get(
    '/api/services/:slug',
    {
      schema: {
        params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Not a service name') }),
        response: { 200: serviceSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', cacheable);
      return getService(db, request.params.slug);
    },
  );
}
