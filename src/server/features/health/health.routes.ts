import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

export function healthRoutes(app: AppInstance): void {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema } } },
    async (_request, reply) => {
      await app.database.db.execute(sql`select 1`);
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
}
