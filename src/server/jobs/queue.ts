import { and, count, desc, eq, inArray, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { jobs } from '#db/schema/index.ts';
import type { JobItem, JobPage } from '#shared/jobs.schemas.ts';
import { jobTypes, retryDelaySeconds, type JobName, type JobPayload } from './job-types.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Queues a job in the caller's transaction: it exists exactly when the change that causes it
 * commits, and the commit wakes the runners (NOTIFY from the jobs trigger). With a `key`, a job
 * still waiting or running under that key is kept and nothing new is added.
 */
export async function enqueueJob<N extends JobName>(
  tx: Db | Tx,
  name: N,
  payload: JobPayload<N>,
  options: { key?: string; runAt?: Date } = {},
): Promise<void> {
  const type = jobTypes[name];
  await tx
    .insert(jobs)
    .values({
      name,
      payload: type.payload.parse(payload) as Record<string, unknown>,
      key: options.key ?? null,
      maxAttempts: type.maxAttempts,
      runAt: options.runAt ?? sql`now()`,
    })
    .onConflictDoNothing({ target: jobs.key, where: sql`status in ('queued', 'running')` });
}

/** Which jobs a runner takes: those with these names, or all but these. */
export interface JobFilter {
  names: readonly string[];
  include: boolean;
}

const byName = (filter: JobFilter | undefined): SQL | undefined => {
  if (!filter) return undefined;
  if (filter.names.length === 0) return filter.include ? sql`false` : undefined;
  return filter.include
    ? inArray(jobs.name, [...filter.names])
    : notInArray(jobs.name, [...filter.names]);
};

/** A claimed run is left alone by every other runner for this long, then taken to have crashed. */
const leaseSeconds = 120;

/**
 * Renews the lease of the running jobs of one kind, for a handler that may outlast it (a large
 * backup): called every so often while it works, so no other runner takes its job as crashed.
 */
export async function extendLeases(db: Db, name: JobName): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(jobs.name, name), eq(jobs.status, 'running')));
}

/** How often a long handler renews its lease: well inside it. */
export const leaseRenewalMs = (leaseSeconds / 4) * 1000;

/**
 * Claims up to `limit` due jobs for this runner: queued ones whose time has come and running ones
 * whose runner stopped answering. SKIP LOCKED lets several processes claim side by side, each
 * job going to exactly one of them.
 */
export async function claimDueJobs(db: Db, limit: number, filter?: JobFilter): Promise<JobRow[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
          and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)),
        ),
        byName(filter),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(inArray(jobs.id, due))
    .returning();
  return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

export async function completeJob(db: Db, id: number): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'done',
      lockedUntil: null,
      lastError: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
}

/**
 * A failed try: queued again after a back-off, or parked as failed once its tries are spent. A
 * `defer`red try is not counted against them (its tries grow by one, so the back-off still grows)
 * and comes back at `retryAt` when given.
 */
export async function failJob(
  db: Db,
  job: JobRow,
  message: string,
  options: { defer?: boolean; retryAt?: Date | undefined } = {},
): Promise<'retry' | 'failed'> {
  const giveUp = !options.defer && job.attempts >= job.maxAttempts;
  const later = options.retryAt
    ? sql`greatest(now(), ${options.retryAt.toISOString()}::timestamptz)`
    : sql`now() + make_interval(secs => ${retryDelaySeconds(job.attempts)})`;
  await db
    .update(jobs)
    .set({
      status: giveUp ? 'failed' : 'queued',
      lastError: message.slice(0, 1000),
      lockedUntil: null,
      maxAttempts: options.defer ? sql`${jobs.maxAttempts} + 1` : undefined,
      runAt: giveUp ? job.runAt : later,
      finishedAt: giveUp ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
  return giveUp ? 'failed' : 'retry';
}

/**
 * Makes every job of one kind that is waiting out a back-off due now: the outside service it was
 * waiting for has just answered again, so the rest need not sit out their back-off.
 */
export async function bringForward(db: Db, name: JobName): Promise<number> {
  const moved = await db
    .update(jobs)
    .set({ runAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(jobs.name, name),
        eq(jobs.status, 'queued'),
        sql`${jobs.attempts} > 0`,
        sql`${jobs.runAt} > now()`,
      ),
    )
    .returning({ id: jobs.id });
  return moved.length;
}

/** Whether any job is running now or due to run: a drain of every lane is not over before. */
export async function workInHand(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(eq(jobs.status, 'running'), and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`))),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * How long until the next job is due, so a runner can sleep until then: a queued job's time, or
 * the end of the lease of a running one (whose process may have died). Measured on the
 * database's clock, the one `claimDueJobs` goes by: a process whose own clock runs ahead (or a
 * test's moved clock) would otherwise wake at once, find nothing due, and spin.
 */
export async function msUntilNextDue(db: Db, filter?: JobFilter): Promise<number | null> {
  const [row] = await db
    .select({
      ms: sql<
        string | number | null
      >`extract(epoch from (min(case when ${jobs.status} = 'queued' then ${jobs.runAt} else ${jobs.lockedUntil} end) - now())) * 1000`,
    })
    .from(jobs)
    .where(and(inArray(jobs.status, ['queued', 'running']), byName(filter)));
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

const jobsPageSize = 25;

const toJobItem = (row: JobRow): JobItem => ({
  id: row.id,
  name: row.name,
  payload: row.payload,
  status: row.status,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  lastError: row.lastError,
  runAt: row.runAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** One page of the jobs in a status, most recently changed first, for the back office. */
export async function listJobs(
  db: Db,
  options: { status: JobRow['status']; page: number },
): Promise<JobPage> {
  const where = eq(jobs.status, options.status);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.updatedAt), desc(jobs.id))
      .limit(jobsPageSize)
      .offset((options.page - 1) * jobsPageSize),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  return {
    items: rows.map(toJobItem),
    total: totals?.total ?? 0,
    page: options.page,
    pageSize: jobsPageSize,
  };
}

/** Gives a failed job a fresh set of tries, now. Null when it is not (or no longer) failed. */
export async function retryJob(db: Db | Tx, id: number): Promise<JobItem | null> {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: 0,
      runAt: sql`now()`,
      finishedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  return row ? toJobItem(row) : null;
}
