import type { AppInstance } from '../app-instance.ts';
import { startJobRunner, type JobHandlers, type JobRunner } from '../jobs/runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue's runner in this process (tests drain it to wait for background work). */
    jobs: JobRunner;
  }
}

/**
 * Starts the job queue's runners: the main one, the `browser` lane's (speed reports, up to
 * SPEED_REPORT_CONCURRENCY at once) so a minute of Lighthouse never holds up mail or PayFast
 * checks, and the `backup` lane's (one backup at a time, however long its dump). They stop,
 * finishing the jobs in hand, before the database closes.
 */
export async function registerJobs(app: AppInstance, handlers: JobHandlers): Promise<void> {
  const lanes = await Promise.all([
    startJobRunner({ database: app.database, handlers, log: app.log }),
    startJobRunner({
      database: app.database,
      handlers,
      log: app.log,
      lane: 'browser',
      concurrency: app.config.speedReports.concurrency,
    }),
    startJobRunner({ database: app.database, handlers, log: app.log, lane: 'backup' }),
    // The owners' alerts (features/alerts), apart from the jobs they watch. Planned minutes
    // ahead, so this runner polls rather than hold one more connection open for LISTEN.
    startJobRunner({
      database: app.database,
      handlers,
      log: app.log,
      lane: 'watch',
      listen: false,
    }),
  ]);
  const runner: JobRunner = {
    drain: async () => {
      await Promise.all(lanes.map((lane) => lane.drain()));
    },
    close: async () => {
      await Promise.all(lanes.map((lane) => lane.close()));
    },
  };
  app.decorate('jobs', runner);
  app.addHook('onClose', () => runner.close());
}
