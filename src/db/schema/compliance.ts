import { date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A company whose CIPC and SARS dates a customer follows (issue 34 §2). Added by the customer by
 * its registration number, or by our registration service once a company it registered exists
 * (`source` = 'registration'). The calendar's items are worked out from these facts each time
 * (src/shared/compliance-calendar.ts); only what happened to an item is stored.
 */
export const complianceCompanies = pgTable(
  'compliance_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** CIPC's YYYY/NNNNNN/NN. */
    registrationNumber: text('registration_number').notNull(),
    registeredOn: date('registered_on', { mode: 'string' }).notNull(),
    /** The last month of the financial year, 1–12 (most companies: 2, February). */
    yearEndMonth: integer('year_end_month').notNull().default(2),
    /** The VAT201 period category of a VAT vendor; null for a company not registered for VAT. */
    vatCategory: text('vat_category', { enum: ['monthly', 'two_monthly_a', 'two_monthly_b'] }),
    bbbeeAffidavitOn: date('bbbee_affidavit_on', { mode: 'string' }),
    source: text('source', { enum: ['customer', 'registration'] })
      .notNull()
      .default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('compliance_companies_user_number_key').on(table.userId, table.registrationNumber),
    index('compliance_companies_user_idx').on(table.userId, table.createdAt),
  ],
);

/** A change of directors or shareholding, which starts a beneficial-ownership update. */
export const complianceOwnershipChanges = pgTable(
  'compliance_ownership_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => complianceCompanies.id, { onDelete: 'cascade' }),
    changedOn: date('changed_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('compliance_ownership_changes_company_idx').on(table.companyId)],
);

/**
 * What happened to one calendar item (its key, e.g. "annual-return:2027"): the customer marked it
 * done, or a reminder `daysBefore` its due date was queued. Unique, so each happens once.
 */
export const complianceItemEvents = pgTable(
  'compliance_item_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => complianceCompanies.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    /** 'done', or 'reminder-30' / 'reminder-7'. */
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('compliance_item_events_once_key').on(table.companyId, table.itemKey, table.kind),
  ],
);
