import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '#db/client.ts';
import { createJobLoop } from '../lib/job-loop.ts';
import { jobNames, jobTypes, type JobName, type JobPayload } from './job-types.ts';
import {
  claimDueJobs,
  completeJob,
  failJob,
  msUntilNextDue,
  type JobFilter,
  type JobRow,
} from './queue.ts';

export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
  /** 1 on the first try. */
  attempt: number;
  /** This is the last try: a failure now parks the job as failed. */
  lastAttempt: boolean;
}

export type JobHandler<N extends JobName> = (
  payload: JobPayload<N>,
  context: JobContext,
) => Promise<void>;

/** One handler per job name: a job type without its handler does not compile. */
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** Thrown by a handler when trying again cannot help: the job is parked as failed at once. */
export class PermanentJobError extends Error {}

/**
 * Thrown by a handler whose work must wait on something that is not its fault (a partner's rate
 * limit until `retryAt`, credentials people must fix): queued again at `retryAt`, or after the
 * usual back-off, without spending one of its tries.
 */
export class DeferJobError extends Error {
  readonly retryAt: Date | undefined;

  constructor(message: string, retryAt?: Date) {
    super(message);
    this.retryAt = retryAt;
  }
}

export interface JobRunner {
  /** Runs every job due now; resolves once those queued before the call are handled. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

const batchSize = 5;
/** Also looks every so often, for runs whose process died and for a missed notification. */
const pollMs = 30_000;

/**
 * The one runner of the job queue. A commit that queues a job wakes it through LISTEN jobs (in
 * every process on the same database); it sleeps until the next retry is due; each job is
 * claimed by exactly one runner with FOR UPDATE SKIP LOCKED.
 */
export async function startJobRunner(options: {
  database: Database;
  handlers: JobHandlers;
  log: FastifyBaseLogger;
  /**
   * The lane this runner serves: the main one (every job type without a lane, and unknown names)
   * or a named lane of job-types.ts, whose jobs are slow and so kept apart (`browser`, `backup`).
   */
  lane?: 'main' | 'browser' | 'backup' | 'watch' | 'registrar';
  /** Jobs run at once (a lane's jobs only; the main lane runs one after another). */
  concurrency?: number;
  /**
   * Wakes at each commit that queues a job (LISTEN, a connection of its own on a server); without
   * it the runner looks every 30 s, enough for work planned minutes ahead.
   */
  listen?: boolean;
}): Promise<JobRunner> {
  const { database, handlers, log } = options;
  const lane = options.lane ?? 'main';
  const laneNames = jobNames.filter(
    (name) => (jobTypes[name] as { lane?: string }).lane !== undefined,
  );
  const filter: JobFilter =
    lane === 'main'
      ? { names: laneNames, include: false }
      : {
          names: laneNames.filter((name) => (jobTypes[name] as { lane?: string }).lane === lane),
          include: true,
        };
  // A lane claims only what it runs at once, so no claimed job waits past its lease.
  const claimSize = lane === 'main' ? batchSize : Math.max(1, options.concurrency ?? 1);
  const db = database.db;
  let wake: NodeJS.Timeout | undefined;
  let closed = false;

  async function runOne(job: JobRow): Promise<void> {
    const name = job.name as JobName;
    const type = jobTypes[name];
    const handler = handlers[name] as JobHandler<JobName> | undefined;
    try {
      if (!type || !handler) throw new PermanentJobError(`no job type named "${job.name}"`);
      if (job.attempts > job.maxAttempts) {
        throw new PermanentJobError('stopped responding on its last try (the process ended)');
      }
      const payload = type.payload.safeParse(job.payload);
      if (!payload.success)
        throw new PermanentJobError(`invalid payload: ${payload.error.message}`);
      await handler(payload.data as never, {
        db,
        log,
        attempt: job.attempts,
        lastAttempt: job.attempts >= job.maxAttempts,
      });
      await completeJob(db, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome =
        error instanceof PermanentJobError
          ? await failJob(db, { ...job, attempts: job.maxAttempts }, message)
          : error instanceof DeferJobError
            ? await failJob(db, job, message, { defer: true, retryAt: error.retryAt })
            : await failJob(db, job, message);
      const line = `job ${job.name} #${job.id} failed (try ${job.attempts} of ${job.maxAttempts}): ${message}`;
      if (outcome === 'failed') log.error(line);
      else log.warn(line);
    }
  }

  async function sleepUntilNextDue(): Promise<void> {
    const untilDue = await msUntilNextDue(db, filter);
    clearTimeout(wake);
    if (untilDue === null) return;
    const delay = Math.max(0, untilDue);
    if (delay >= pollMs) return;
    wake = setTimeout(() => loop.kick(), delay + 50);
    wake.unref();
  }

  const loop = createJobLoop({
    name: lane === 'main' ? 'job runner' : `job runner (${lane})`,
    everyMs: pollMs,
    log,
    async drain(stopping) {
      // A claimed batch is run in full, even while closing: nobody else may take it until its
      // lease runs out.
      for (
        let batch = await claimDueJobs(db, claimSize, filter);
        batch.length > 0;
        batch = stopping() ? [] : await claimDueJobs(db, claimSize, filter)
      ) {
        if (lane === 'main') for (const job of batch) await runOne(job);
        else await Promise.all(batch.map(runOne));
      }
      if (!stopping()) await sleepUntilNextDue();
    },
  });
  const unlisten =
    options.listen === false ? async () => {} : await database.listen('jobs', loop.kick);
  // Work queued before a restart starts now.
  loop.kick();
  return {
    drain: loop.run,
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(wake);
      await unlisten();
      await loop.close();
    },
  };
}
