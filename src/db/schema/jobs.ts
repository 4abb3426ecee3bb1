import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The one durable job queue: every piece of background work (mail delivery, ITN checks, domain
 * registration, …) is a row, inserted in the same transaction as the change that causes it. A
 * trigger (migration 0013) sends NOTIFY jobs, which PostgreSQL delivers on commit, so
 * committing wakes every runner.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Makes enqueueing idempotent: one waiting or running job per key. */
    key: text('key'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    /** While running: the claim expires then, and a crashed run is picked up again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_active_key_idx')
      .on(table.key)
      .where(sql`status in ('queued', 'running')`),
    index('jobs_due_idx')
      .on(table.runAt, table.id)
      .where(sql`status in ('queued', 'running')`),
    index('jobs_failed_idx')
      .on(table.updatedAt)
      .where(sql`status = 'failed'`),
  ],
);
