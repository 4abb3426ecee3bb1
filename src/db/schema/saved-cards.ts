import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A card the customer agreed to keep for renewals (PayFast tokenisation, decision in issue 30):
 * the method's token from the first payment's notification, charged ad hoc when a renewal falls
 * due. Removing it asks the method to forget the token and is never undone: a removed card is
 * kept only as a record (`removedAt`), never charged again.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The payment method holding the card (`payfast`) and its handle of it. */
    method: text('method').notNull(),
    token: text('token').notNull().unique(),
    /** How the customer recognises it, e.g. "Card saved 27 Nov 2026" (PayFast tells no digits). */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [index('saved_cards_user_idx').on(table.userId, table.createdAt)],
);
