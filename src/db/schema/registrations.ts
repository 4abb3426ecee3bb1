import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RegistrationStage } from '#shared/registrations.schemas.ts';
import { users } from './accounts.ts';
import { orderItems } from './orders.ts';

/**
 * Company registration cases (issue 34 §1): one per paid business-registration order line,
 * moving through the stages it was sold with; each stage done is dated with who did it.
 */
export const registrationCases = pgTable(
  'registration_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the customer quotes, e.g. R-7KQ2MX. */
    reference: text('reference').notNull().unique(),
    /** The paid order line: one case per line, however often the payment is settled. */
    orderItemId: uuid('order_item_id')
      .unique()
      .references(() => orderItems.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    packageId: text('package_id'),
    title: text('title').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Up to four names from the order, in the customer's order of preference. */
    proposedNames: jsonb('proposed_names').$type<string[]>().notNull(),
    /** The name CIPC approved, recorded when name reservation is done. */
    approvedName: text('approved_name'),
    /** The stages sold, in order. */
    stages: jsonb('stages').$type<RegistrationStage[]>().notNull(),
    /** Each stage done: when, and by which team member. */
    done: jsonb('done')
      .$type<Partial<Record<RegistrationStage, { at: string; by: string }>>>()
      .notNull()
      .default({}),
    /** The team's ticked checklist items per stage. */
    checklist: jsonb('checklist')
      .$type<Partial<Record<RegistrationStage, string[]>>>()
      .notNull()
      .default({}),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('registration_cases_user_idx').on(table.userId, table.updatedAt),
    index('registration_cases_board_idx').on(table.completedAt, table.createdAt),
  ],
);
