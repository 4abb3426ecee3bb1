import { isNull, sql } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import type { Database, Db } from '#db/client.ts';
import { paymentNotifications } from '#db/schema/index.ts';
import { jobNames } from '../../jobs/job-types.ts';
import { activeJobs, failedJobs } from '../../jobs/queue-stats.ts';

/** What the database says, read once per scrape however many gauges show it. */
interface Snapshot {
  up: boolean;
  jobs: Awaited<ReturnType<typeof activeJobs>>;
  failed: Awaited<ReturnType<typeof failedJobs>>;
  itn: { unconfirmed: number; oldestSeconds: number | null };
}

async function itnWaiting(db: Db, now: Date): Promise<Snapshot['itn']> {
  const [row] = await db
    .select({
      unconfirmed: sql<number>`(count(*))::int`,
      oldestSeconds: sql<
        number | null
      >`(extract(epoch from ${now.toISOString()}::timestamptz - min(${paymentNotifications.receivedAt})))::float8`,
    })
    .from(paymentNotifications)
    .where(isNull(paymentNotifications.accepted));
  return { unconfirmed: row?.unconfirmed ?? 0, oldestSeconds: row?.oldestSeconds ?? null };
}

/**
 * The figures that come from the database (the job queue, payment notifications waiting for
 * PayFast), in a registry of their own, read when scraped (collect). They are the same whichever
 * process asks, so they are never added up over a cluster's workers: the worker answering the
 * scrape reads them once and puts them beside the workers' summed figures (cluster-metrics.ts).
 * A database that does not answer gives `sebenza_metrics_database_up 0` instead of a failed
 * scrape.
 */
export function createDatabaseMetrics(
  database: Database,
  options: { now?: () => Date } = {},
): Registry {
  const now = options.now ?? (() => new Date());
  const registry = new Registry();
  // prom-client calls every collect() of a scrape in the same tick: the first one starts the
  // queries, the others share them until they are answered.
  let pending: Promise<Snapshot> | null = null;
  const snapshot = (): Promise<Snapshot> => {
    if (pending) return pending;
    const time = now();
    pending = Promise.all([
      activeJobs(database.db, time),
      failedJobs(database.db),
      itnWaiting(database.db, time),
    ])
      .then(
        ([jobs, failed, itn]): Snapshot => ({ up: true, jobs, failed, itn }),
        (): Snapshot => ({
          up: false,
          jobs: [],
          failed: [],
          itn: { unconfirmed: 0, oldestSeconds: null },
        }),
      )
      .finally(() => {
        pending = null;
      });
    return pending;
  };

  new Gauge({
    name: 'sebenza_metrics_database_up',
    help: 'Whether the database answered the queries of this scrape (1) or not (0): the job and payment figures are then missing.',
    registers: [registry],
    async collect() {
      this.set((await snapshot()).up ? 1 : 0);
    },
  });

  new Gauge({
    name: 'sebenza_db_info',
    help: 'The database engine: postgres (a server, DATABASE_URL) or pglite (embedded, one connection inside the process).',
    labelNames: ['engine'] as const,
    registers: [registry],
    collect() {
      this.set({ engine: database.kind }, 1);
    },
  });

  new Gauge({
    name: 'sebenza_jobs',
    help: 'Jobs waiting or running, by job type and state: due (its time has come, or its run stopped answering), scheduled (a later time: a retry back-off or planned work), running.',
    labelNames: ['job', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { up, jobs } = await snapshot();
      if (!up) return;
      for (const job of jobNames) {
        for (const state of ['due', 'scheduled', 'running'] as const) this.set({ job, state }, 0);
      }
      for (const row of jobs) {
        this.set({ job: row.name, state: 'due' }, row.due);
        this.set({ job: row.name, state: 'scheduled' }, row.scheduled);
        this.set({ job: row.name, state: 'running' }, row.running);
      }
    },
  });

  new Gauge({
    name: 'sebenza_jobs_oldest_due_seconds',
    help: 'How long the job due the longest has waited to be run, by job type (0: none due). Growing: the queue is stalled.',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { up, jobs } = await snapshot();
      if (!up) return;
      for (const job of jobNames) this.set({ job }, 0);
      for (const row of jobs) this.set({ job: row.name }, Math.max(0, row.oldestDueSeconds ?? 0));
    },
  });

  new Gauge({
    name: 'sebenza_jobs_failed',
    help: 'Jobs given up after every try failed, waiting in the back office (Jobs, failed) to be tried again, by job type.',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { up, failed } = await snapshot();
      if (!up) return;
      for (const job of jobNames) this.set({ job }, 0);
      for (const row of failed) this.set({ job: row.name }, row.count);
    },
  });

  new Gauge({
    name: 'sebenza_itn_unconfirmed',
    help: 'Payment notifications (PayFast ITNs) received and not yet confirmed or refused.',
    registers: [registry],
    async collect() {
      this.reset();
      const { up, itn } = await snapshot();
      if (up) this.set(itn.unconfirmed);
    },
  });

  new Gauge({
    name: 'sebenza_itn_oldest_unconfirmed_seconds',
    help: 'How long the oldest payment notification still waiting for its confirmation has waited (0: none waiting).',
    registers: [registry],
    async collect() {
      this.reset();
      const { up, itn } = await snapshot();
      if (up) this.set(Math.max(0, itn.oldestSeconds ?? 0));
    },
  });

  return registry;
}
