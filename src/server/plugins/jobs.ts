import type { AppInstance } from '../app-instance.ts';
import { startJobRunner, type JobHandlers, type JobRunner } from '../jobs/runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue's runner in this process (tests drain it to wait for background work). */
    jobs: JobRunner;
  }
}

/** Starts the one job runner; it stops, finishing the job in hand, before the database closes. */
export async function registerJobs(app: AppInstance, handlers: JobHandlers): Promise<void> {
  const runner = await startJobRunner({ database: app.database, handlers, log: app.log });
  app.decorate('jobs', runner);
  app.addHook('onClose', () => runner.close());
}
