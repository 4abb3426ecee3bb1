import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders, subscriptions } from './orders.ts';

/** The kinds of service a dunning policy is set for (issue 30 §2). */
export const dunningKinds = ['monthly', 'domain', 'yearly'] as const;

/**
 * How the shop chases money it is owed, per kind of service, set by an owner: days counted from
 * the day the money was due (a renewal's date, a failed monthly charge). A kind without a row
 * follows the defaults of features/dunning/dunning-policy.service.ts.
 */
export const dunningPolicies = pgTable(
  'dunning_policies',
  {
    kind: text('kind', { enum: dunningKinds }).primaryKey(),
    /** Reminders before the due date, in days before it (14, 3). */
    reminderDays: jsonb('reminder_days').$type<number[]>().notNull(),
    /** Reminders after a missed payment, in days after the due date (1, 4). */
    retryDays: jsonb('retry_days').$type<number[]>().notNull(),
    /** The final notice goes when these days after the due date are over. */
    graceDays: integer('grace_days').notNull(),
    suspendDays: integer('suspend_days').notNull(),
    cancelDays: integer('cancel_days').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'dunning_policies_order_check',
      sql`${table.graceDays} >= 0 and ${table.suspendDays} >= ${table.graceDays} and ${table.cancelDays} > ${table.suspendDays}`,
    ),
  ],
);

/** One step of a case, planned when it opened with the policy of that day. */
export interface DunningStep {
  step: string;
  kind: 'reminder' | 'retry' | 'final-notice' | 'suspend' | 'cancel';
  dueAt: string;
  /** When it ran, and what it did (or why it did nothing). */
  doneAt?: string;
  note?: string;
}

/**
 * Something past due (or about to be) and chased (issue 30): a monthly subscription whose
 * charge failed, or an unpaid renewal order. Open until paid (closed `paid`), cancelled at the
 * policy's end, or closed by the team. One open case per subscription and per order.
 */
export const dunningCases = pgTable(
  'dunning_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: dunningKinds }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, {
      onDelete: 'cascade',
    }),
    /** The unpaid order the customer's link pays (a subscription's: its first order, to see it). */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['open', 'paid', 'cancelled'] })
      .notNull()
      .default('open'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    steps: jsonb('steps').$type<DunningStep[]>().notNull(),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('dunning_cases_open_subscription_key')
      .on(table.subscriptionId)
      .where(sql`${table.status} = 'open' and ${table.subscriptionId} is not null`),
    uniqueIndex('dunning_cases_open_order_key')
      .on(table.orderId)
      .where(sql`${table.status} = 'open' and ${table.subscriptionId} is null`),
    index('dunning_cases_status_idx').on(table.status, table.dueAt),
    index('dunning_cases_user_idx').on(table.userId, table.openedAt),
  ],
);

/**
 * The link a dunning mail carries to pay its order without signing in (`/pay?token=…`): the hash
 * of a token minted when the mail is delivered (mail-links.ts), good for that order only, until
 * the case's last day.
 */
export const payLinks = pgTable(
  'pay_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('pay_links_order_idx').on(table.orderId)],
);
