import { z } from 'zod';
import { serviceSchema } from '#shared/catalogue.schemas.ts';
import { errorResponses } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { AppError } from '../../plugins/errors.ts';
import { sendSerialised, serialise, untilChanged } from '../../lib/until-changed.ts';
import { listServices, whenCatalogueChanges } from './catalogue.service.ts';

// Browsers and proxies may keep prices a minute; a price edit reaches them within that.
const cacheable = 'public, max-age=60, stale-while-revalidate=60';

/**
 * The catalogue from memory: built and serialised once, again only after a change (NOTIFY
 * catalogue), so a read costs no query and no serialisation.
 */
export async function catalogueRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  const catalogue = untilChanged(async () => {
    const list = await listServices(db);
    return {
      all: serialise(list),
      bySlug: new Map(list.map((service) => [service.slug, serialise(service)])),
    };
  });
  await whenCatalogueChanges(app, catalogue.invalidate);

  app.get(
    '/api/services',
    { schema: { response: { 200: z.array(serviceSchema), ...errorResponses() } } },
    async (request, reply) => {
      const { all } = await catalogue.get();
      return sendSerialised(request, reply.header('cache-control', cacheable), all);
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
      const service = (await catalogue.get()).bySlug.get(request.params.slug);
      if (!service) {
        throw new AppError('NOT_FOUND', {
          message: `There is no service called "${request.params.slug}"`,
        });
      }
      return sendSerialised(request, reply.header('cache-control', cacheable), service);
    },
  );
}
