import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { admins } from './admin.ts';

/**
 * Support tickets: opened by a customer from the dashboard or by anyone through the contact form
 * (then answered by e-mail, with a reply link). open → awaiting customer → resolved → closed; a
 * resolved ticket closes itself 7 days later unless the customer replies.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the customer quotes, e.g. T-7KQ2MX. */
    reference: text('reference').notNull().unique(),
    /** The customer's account; null for a visitor who wrote through the contact form. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    category: text('category', { enum: ['billing', 'domains', 'website', 'other'] }).notNull(),
    state: text('state', { enum: ['open', 'awaiting_customer', 'resolved', 'closed'] })
      .notNull()
      .default('open'),
    source: text('source', { enum: ['dashboard', 'contact_form'] }).notNull(),
    assigneeId: uuid('assignee_id').references(() => admins.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_tickets_user_idx').on(table.userId, table.updatedAt),
    index('support_tickets_state_idx').on(table.state, table.updatedAt),
  ],
);

/** One message of a ticket's conversation; internal notes are never shown to the customer. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'staff'] }).notNull(),
    /** The administrator who wrote it (staff messages). */
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_ticket_messages_ticket_idx').on(table.ticketId, table.createdAt)],
);

/**
 * The reply links mailed to a visitor without an account: only the SHA-256 of each token is kept,
 * and each mail carries a fresh one. A link opens its ticket's conversation and nothing else.
 */
export const supportTicketLinks = pgTable(
  'support_ticket_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    id: uuid('id').notNull().unique().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_ticket_links_ticket_idx').on(table.ticketId)],
);
