import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { databaseFailure } from '#db/client.ts';
import { errorResponses } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';

const healthySchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
/** Reads work, writes do not: the site stays up (200) and says why nothing can be saved. */
const degradedSchema = z.object({
  status: z.literal('degraded'),
  database: z.enum(['read_only', 'full']),
  error: z.string(),
});
const unhealthySchema = z.object({
  status: z.literal('unavailable'),
  database: z.enum(['down', 'missing']),
  error: z.string(),
  code: z.literal('SERVICE_UNAVAILABLE'),
});

/** Longer than this and the database counts as down (a load balancer should not wait). */
const probeTimeoutMs = 2000;
/** A write refused for want of space (or as read-only) this recently still counts. */
const writeFailureMemoryMs = 60_000;

const explanations = {
  down: 'The database cannot be reached',
  missing: 'The database does not exist (dropped or renamed)',
  read_only: 'The database is read-only: nothing can be saved',
  full: 'The database is out of disk space: nothing can be saved',
} as const;

/**
 * `/api/health` (issue 25 §5): 200 `ok` with the engine; 200 `degraded` with `read_only` or
 * `full` while reads work but writes fail; 503 `unavailable` with `down` or `missing` otherwise.
 */
export function healthRoutes(app: AppInstance): void {
  app.get(
    '/api/health',
    {
      schema: {
        response: {
          ...errorResponses(),
          200: z.union([healthySchema, degradedSchema]),
          503: unhealthySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let readOnly: boolean;
      try {
        let timer: NodeJS.Timeout | undefined;
        const result = await Promise.race([
          app.database.db.execute(sql`select current_setting('transaction_read_only') as ro`),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no answer in time')), probeTimeoutMs);
          }),
        ]).finally(() => clearTimeout(timer));
        readOnly = (result as unknown as { rows: { ro: string }[] }).rows[0]?.ro === 'on';
      } catch (error) {
        const failure = databaseFailure(error) === 'missing' ? 'missing' : 'down';
        request.log.warn({ err: error }, `health check: database ${failure}`);
        return reply.status(503).send({
          status: 'unavailable' as const,
          database: failure,
          error: explanations[failure],
          code: 'SERVICE_UNAVAILABLE' as const,
        });
      }
      const { databaseFailures } = app;
      const failure: 'full' | 'read_only' | null = databaseFailures.seenWithin(
        'full',
        writeFailureMemoryMs,
      )
        ? 'full'
        : readOnly || databaseFailures.seenWithin('read_only', writeFailureMemoryMs)
          ? 'read_only'
          : null;
      if (failure) {
        return { status: 'degraded' as const, database: failure, error: explanations[failure] };
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
}
