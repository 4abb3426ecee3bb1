import { eq, sql } from 'drizzle-orm';
import { jobs } from '../../src/db/schema/index.ts';
import type { AppInstance } from '../../src/server/app-instance.ts';

/**
 * Brings every waiting retry forward to now and runs the queue until nothing is due. Work in
 * hand in any lane (a registration the payment just queued) finishes first, so the retries it
 * queues are brought forward too.
 */
export async function runRetriesNow(app: AppInstance): Promise<void> {
  await app.jobs.drain();
  await app.database.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.status, 'queued'));
  await app.jobs.drain();
}

/** The queue's rows of one job name, oldest first. */
export async function jobsNamed(app: AppInstance, name: string) {
  return app.database.db.select().from(jobs).where(eq(jobs.name, name)).orderBy(jobs.id);
}
