import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { admins } from './admin.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The help centre's sections (e.g. "Domains", "Billing"), in the order `position` gives. */
export const helpCategories = pgTable('help_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A help article: written in Markdown by the team, kept with its sanitised HTML (made on save, so
 * a page read never parses Markdown). `search` is PostgreSQL's full-text vector of the title
 * (weight A), summary (B) and body (C), kept by the database itself.
 */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => helpCategories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    bodyMarkdown: text('body_markdown').notNull(),
    bodyHtml: text('body_html').notNull(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedByAdminId: uuid('updated_by_admin_id').references(() => admins.id, {
      onDelete: 'set null',
    }),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B') || setweight(to_tsvector('english', body_markdown), 'C')`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('help_articles_search_idx').using('gin', table.search),
    index('help_articles_category_idx').on(table.categoryId, table.status),
  ],
);

/**
 * News for customers (maintenance, price changes), shown on the dashboard and at
 * /help/announcements between `startsAt` and `endsAt`. `kind` says whether it is service news
 * (mailed to every customer when chosen) or marketing (mailed only to those who did not
 * unsubscribe, with an unsubscribe link).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    bodyMarkdown: text('body_markdown').notNull(),
    bodyHtml: text('body_html').notNull(),
    kind: text('kind', { enum: ['service', 'marketing'] })
      .notNull()
      .default('service'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Whether customers are mailed it; `mailQueuedAt` is when the mailing was queued (once). */
    mailCustomers: boolean('mail_customers').notNull().default(false),
    mailQueuedAt: timestamp('mail_queued_at', { withTimezone: true }),
    createdByAdminId: uuid('created_by_admin_id').references(() => admins.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('announcements_dates_idx').on(table.startsAt, table.endsAt)],
);

/** One row per customer an announcement was mailed to: a mailing run twice mails no one twice. */
export const announcementMails = pgTable(
  'announcement_mails',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.announcementId, table.userId] })],
);
