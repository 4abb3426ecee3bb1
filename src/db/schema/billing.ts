import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** One line of a quote, as the team wrote it: a catalogue package or free text; VAT included. */
export interface QuoteLine {
  description: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /** The catalogue package it was picked from (a website package opens a project when paid). */
  packageId?: string | null;
}

/**
 * A quote the team sends a customer (decision 025), numbered in an unbroken series of its own
 * (Q-000001): the customer accepts it online before it expires, with their name, and may first
 * pay a deposit. Each invoice it raises (deposit, balance, or the whole) is an order of its own,
 * linked back by `orders.quote_id`, so every way to pay and refund works for it unchanged.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique(),
    /** Kept as a business record when the customer closes their account. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['sent', 'accepted', 'declined', 'cancelled'] })
      .notNull()
      .default('sent'),
    lines: jsonb('lines').$type<QuoteLine[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    /** The deposit acceptance asks for: none, a percentage of the total, or an amount. */
    depositKind: text('deposit_kind', { enum: ['none', 'percent', 'amount'] })
      .notNull()
      .default('none'),
    /** The percentage (1–99) or the amount in cents, as the team entered it. */
    depositValue: integer('deposit_value').notNull().default(0),
    /** What the deposit comes to, worked out once when the quote is made. */
    depositCents: integer('deposit_cents').notNull().default(0),
    terms: text('terms').notNull(),
    /** The last day it may be accepted (YYYY-MM-DD, Johannesburg). */
    validUntil: text('valid_until').notNull(),
    /** The administrator's e-mail who made it. */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The name the customer typed to accept it, and when. */
    acceptedName: text('accepted_name'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (table) => [index('quotes_user_idx').on(table.userId, table.createdAt)],
);
