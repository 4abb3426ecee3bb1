import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { admins } from './admin.ts';
import { serviceRequests } from './catalogue.ts';
import { quotes } from './billing.ts';

/**
 * Website projects: a paid website package or a won website request, moving brief → design →
 * build → review → launch → live, each stage with its due date; the customer fills in the content
 * checklist and approves the site at review.
 */
export const websiteProjects = pgTable(
  'website_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the customer quotes, e.g. P-7KQ2MX. */
    reference: text('reference').notNull().unique(),
    /** The won service request the project came from (one project per request). */
    serviceRequestId: uuid('service_request_id')
      .unique()
      .references(() => serviceRequests.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    packageId: text('package_id'),
    /** The quote the project was sold on: at launch the team invoices its balance. */
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    stage: text('stage', { enum: ['brief', 'design', 'build', 'review', 'launch', 'live'] })
      .notNull()
      .default('brief'),
    /** Each stage's due date (YYYY-MM-DD). */
    dueDates: jsonb('due_dates').$type<Record<string, string>>().notNull().default({}),
    /** The content checklist the customer completes: logo, photos, page texts, domain. */
    content: jsonb('content').$type<Record<string, string>>().notNull().default({}),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('website_projects_user_idx').on(table.userId, table.updatedAt),
    index('website_projects_stage_idx').on(table.stage, table.updatedAt),
  ],
);

/** Comments on a project, from the customer or the team. */
export const websiteProjectComments = pgTable(
  'website_project_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => websiteProjects.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'staff'] }).notNull(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('website_project_comments_project_idx').on(table.projectId, table.createdAt)],
);
