import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { jobs } from '#db/schema/index.ts';

/**
 * How the job queue stands, for the metrics and the owners' alerts. Every query here reads only
 * rows a partial index covers (waiting or running: jobs_due_idx; failed: jobs_failed_idx), never
 * the done jobs, which pile up for ever: a scrape every few seconds stays cheap. `now` is the
 * caller's clock, not the database's, so tests can move it.
 */

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

export interface ActiveJobs {
  name: string;
  /** Waiting whose time has come, plus runs whose process stopped answering (lease ran out). */
  due: number;
  /** Waiting for a later time: a retry's back-off, or work planned ahead (reminders). */
  scheduled: number;
  /** Being run now under a live lease. */
  running: number;
  /** How long the job due the longest has been due; null when none is. */
  oldestDueSeconds: number | null;
}

/** The waiting and running jobs, per job type. */
export async function activeJobs(db: Db, now: Date): Promise<ActiveJobs[]> {
  const t = at(now);
  const dueSince = sql`case
    when ${jobs.status} = 'queued' and ${jobs.runAt} <= ${t} then ${jobs.runAt}
    when ${jobs.status} = 'running' and ${jobs.lockedUntil} < ${t} then ${jobs.lockedUntil}
  end`;
  return db
    .select({
      name: jobs.name,
      due: sql<number>`(count(${dueSince}))::int`,
      scheduled: sql<number>`(count(*) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} > ${t}))::int`,
      running: sql<number>`(count(*) filter (where ${jobs.status} = 'running' and ${jobs.lockedUntil} >= ${t}))::int`,
      oldestDueSeconds: sql<number | null>`(extract(epoch from ${t} - min(${dueSince})))::float8`,
    })
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'running']))
    .groupBy(jobs.name);
}

export interface FailedJobs {
  name: string;
  count: number;
  /** When the latest of them was given up. */
  lastAt: Date;
}

/** Jobs given up (every try failed, parked as failed for the back office), per job type. */
export async function failedJobs(db: Db): Promise<FailedJobs[]> {
  const rows = await db
    .select({
      name: jobs.name,
      count: sql<number>`(count(*))::int`,
      lastAt: sql<string | Date>`max(${jobs.updatedAt})`,
    })
    .from(jobs)
    .where(eq(jobs.status, 'failed'))
    .groupBy(jobs.name);
  return rows.map((row) => ({ ...row, lastAt: new Date(row.lastAt) }));
}

/**
 * Jobs of one type waiting or running after a failed try: what is failing right now but not
 * given up yet (SMTP down: every mail waiting out its back-off).
 */
export async function retryingJobs(db: Db, name: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`(count(*))::int` })
    .from(jobs)
    .where(
      and(
        inArray(jobs.status, ['queued', 'running']),
        eq(jobs.name, name),
        isNotNull(jobs.lastError),
        gt(jobs.attempts, 0),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Whether a job of this type has succeeded after `since`: it works again. This reads the done
 * jobs (no index), so it is asked only while an alert is on, never by the metrics.
 */
export async function succeededSince(db: Db, name: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'done'), eq(jobs.name, name), gt(jobs.finishedAt, since)))
    .limit(1);
  return row !== undefined;
}

export interface GivenUpJob {
  name: string;
  at: Date;
  error: string | null;
}

/** The jobs given up after `since`, newest first (at most `limit`: enough to count a burst). */
export async function givenUpSince(db: Db, since: Date, limit = 500): Promise<GivenUpJob[]> {
  const rows = await db
    .select({ name: jobs.name, at: jobs.updatedAt, error: jobs.lastError })
    .from(jobs)
    .where(and(eq(jobs.status, 'failed'), gt(jobs.updatedAt, since)))
    .orderBy(desc(jobs.updatedAt))
    .limit(limit);
  return rows;
}
