import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The owners' alerts (features/alerts): one row per condition watched (`queue-stalled`,
 * `mail-failing`, `job-failing:<job>`, `disk-full:<folder>`), holding the episode it is in or
 * last was in. Kept in the database so that every process, and the next start, knows an alert
 * was already sent: each episode is announced once, reminded daily, and resolved once.
 */
export const ownerAlerts = pgTable('owner_alerts', {
  key: text('key').primaryKey(),
  /** The condition holds now (an episode is open). */
  active: boolean('active').notNull(),
  /** What the last check saw, in words (the mails repeat it). */
  detail: text('detail').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  /** The last announcement of this episode: its start or its latest reminder. */
  noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull(),
  /** Announcements of this episode so far: 1 for the start, plus one per reminder. */
  notices: integer('notices').notNull().default(1),
  /**
   * Whether the owners were mailed about this episode: not while mail itself is failing (the
   * alert is then only logged), nor when there is no owner to tell.
   */
  mailed: boolean('mailed').notNull(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
});
