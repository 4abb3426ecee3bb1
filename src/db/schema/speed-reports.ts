import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SpeedRun } from '#shared/speed-reports.schemas.ts';
import { users } from './accounts.ts';
import { orderItems } from './orders.ts';

/**
 * A paid full report (the R199 `speed-report` package, issue 16 §6): one per order line, made
 * when the order is paid. It owns the first report and the customer's re-tests of the same
 * address until `retestUntil` (30 days after payment).
 */
export const speedReportPurchases = pgTable(
  'speed_report_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Unique: a second confirmation of the same payment never starts a second purchase. */
    orderItemId: uuid('order_item_id')
      .notNull()
      .unique()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    host: text('host').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retestUntil: timestamp('retest_until', { withTimezone: true }).notNull(),
  },
  (table) => [index('speed_report_purchases_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Website speed reports (issue 16): one row per address measured, its id (a random UUID) the
 * only key to it. The measuring is a `speed-report` job; the row holds the outcome.
 */
export const speedReports = pgTable(
  'speed_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    host: text('host').notNull(),
    /** `free`: the mobile run; `full` (paid): mobile and desktop. */
    kind: text('kind', { enum: ['free', 'full'] })
      .notNull()
      .default('free'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The paid full report this run belongs to (its first run or a re-test). */
    purchaseId: uuid('purchase_id').references(() => speedReportPurchases.id, {
      onDelete: 'set null',
    }),
    requesterIp: text('requester_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    partial: boolean('partial').notNull().default(false),
    mobile: jsonb('mobile').$type<SpeedRun>(),
    desktop: jsonb('desktop').$type<SpeedRun>(),
    /** The page at the end of the run, a JPEG data URL (served by its own route). */
    screenshot: text('screenshot'),
    error: text('error'),
  },
  (table) => [
    index('speed_reports_waiting_idx')
      .on(table.createdAt)
      .where(sql`status in ('queued', 'running')`),
    index('speed_reports_created_idx').on(table.createdAt),
    index('speed_reports_purchase_idx').on(table.purchaseId, table.createdAt),
  ],
);
