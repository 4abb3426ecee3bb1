import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorResponses } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
const unhealthySchema = z.object({
  status: z.literal('unavailable'),
  database: z.literal('down'),
  error: z.string(),
  code: z.literal('SERVICE_UNAVAILABLE'),
});

/** Longer than this and the database counts as down (a load balancer should not wait). */
const probeTimeoutMs = 2000;

export function healthRoutes(app: AppInstance): void {
  app.get(
    '/api/health',
    { schema: { response: { ...errorResponses(), 200: healthSchema, 503: unhealthySchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          app.database.db.execute(sql`select 1`),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('no answer in time')), probeTimeoutMs);
          }),
        ]).finally(() => clearTimeout(timer));
        return { status: 'ok' as const, database: app.database.kind };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database down');
        return reply.status(503).send({
          status: 'unavailable' as const,
          database: 'down' as const,
          error: 'The database cannot be reached',
          code: 'SERVICE_UNAVAILABLE' as const,
        });
      }
    },
  );
}
