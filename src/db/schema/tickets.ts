import {
  type AnyPgColumn,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { admins } from './admin.ts';

/**
 * The desk's departments (sales, support, billing; the rows are made by the migration): each has
 * its own address, its staff and which alerts they get. A ticket lands in one by the rule of
 * `departmentFor` (src/shared/tickets.schemas.ts), and staff move it.
 */
export const supportDepartments = pgTable('support_departments', {
  id: text('id', { enum: ['sales', 'support', 'billing'] }).primaryKey(),
  name: text('name').notNull(),
  /** The department's own address (its staff alerts go to its staff, else here, else the company's). */
  email: text('email'),
  alertNewTicket: boolean('alert_new_ticket').notNull().default(true),
  alertCustomerReply: boolean('alert_customer_reply').notNull().default(true),
  alertBreach: boolean('alert_breach').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who works in a department: its alerts go to them. */
export const supportDepartmentStaff = pgTable(
  'support_department_staff',
  {
    departmentId: text('department_id', { enum: ['sales', 'support', 'billing'] })
      .notNull()
      .references(() => supportDepartments.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.departmentId, table.adminId] })],
);

/** Replies the team keeps to answer common questions; `{placeholders}` are filled per ticket. */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  /** Offered first on this department's tickets; null for every department. */
  departmentId: text('department_id', { enum: ['sales', 'support', 'billing'] }).references(
    () => supportDepartments.id,
    { onDelete: 'set null' },
  ),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    source: text('source', { enum: ['dashboard', 'contact_form', 'email'] }).notNull(),
    assigneeId: uuid('assignee_id').references(() => admins.id, { onDelete: 'set null' }),
    departmentId: text('department_id', { enum: ['sales', 'support', 'billing'] })
      .notNull()
      .default('support')
      .references(() => supportDepartments.id),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] })
      .notNull()
      .default('normal'),
    /** The team's first reply the customer saw (the first-response target stops here). */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** When a target was found missed: flagged and alerted once. */
    firstResponseBreachedAt: timestamp('first_response_breached_at', { withTimezone: true }),
    resolutionBreachedAt: timestamp('resolution_breached_at', { withTimezone: true }),
    /** When the customer was told that a ticket waiting on them will close. */
    closeWarnedAt: timestamp('close_warned_at', { withTimezone: true }),
    /** The ticket this one was merged into (then closed). */
    mergedIntoId: uuid('merged_into_id').references((): AnyPgColumn => supportTickets.id, {
      onDelete: 'set null',
    }),
    /** The customer's rating from the closing mail. */
    rating: text('rating', { enum: ['good', 'bad'] }),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
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
    /**
     * The Message-ID of the e-mail the message came in (SMTP or IMAP): the same mail arriving
     * twice — both ways in, or a mailbox read again after a crash — is one message.
     */
    mailMessageId: text('mail_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_ticket_messages_ticket_idx').on(table.ticketId, table.createdAt),
    uniqueIndex('support_ticket_messages_mail_message_id_idx').on(table.mailMessageId),
  ],
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
