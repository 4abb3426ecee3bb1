import type { AppInstance } from '../app-instance.ts';
import { workInHand } from '../jobs/queue.ts';
import { startJobRunner, type JobHandlers, type JobRunner } from '../jobs/runner.ts';

/**
 * Rounds of draining every lane at most: work that keeps queueing work due now is a bug, and a
 * job left `running` by a process that ended is taken again only once its lease runs out.
 */
const drainPasses = 20;

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue's runner in this process (tests drain it to wait for background work). */
    jobs: JobRunner;
  }
}

/**
 * Starts the job queue's runners: the main one, the `browser` lane's (speed reports, up to
 * SPEED_REPORT_CONCURRENCY at once) so a minute of Lighthouse never holds up mail or PayFast
 * checks, the `registrar` lane's (REGISTRAR_CONCURRENCY registrar steps at once), the `backup`
 * lane's (one backup at a time, however long its dump) and the `watch` lane's. They stop,
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
    // Registrations, renewals and transfers: a registrar answering in 12 s holds only its own.
    startJobRunner({
      database: app.database,
      handlers,
      log: app.log,
      lane: 'registrar',
      concurrency: app.config.registrarConcurrency,
    }),
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
    // One lane's work queues another's (a confirmed payment queues its registration): drained
    // until nothing is due in any lane.
    drain: async () => {
      for (let pass = 0; pass < drainPasses; pass += 1) {
        await Promise.all(lanes.map((lane) => lane.drain()));
        if (!(await workInHand(app.database.db))) return;
      }
    },
    close: async () => {
      await Promise.all(lanes.map((lane) => lane.close()));
    },
  };
  app.decorate('jobs', runner);
  app.addHook('onClose', () => runner.close());
}
