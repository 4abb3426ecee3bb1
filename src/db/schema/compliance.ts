import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orderItems } from './orders.ts';

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

/**
 * Compliance care (issue 34 §3, decision 037): the yearly service that files a company's CIPC
 * annual return and beneficial-ownership updates for its owner. Covered from `coveredFrom` up to
 * (not including) `coveredUntil`; each paid year is a period below. A renewal order is made 30
 * days before `coveredUntil` while `autoRenew` is on (`renewalInvoicedFor` records for which end,
 * so once); dunning suspends it when unpaid and ends it ('lapsed') when its order is cancelled.
 */
export const compliancePlans = pgTable(
  'compliance_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .unique()
      .references(() => complianceCompanies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'suspended', 'lapsed', 'cancelled'] })
      .notNull()
      .default('active'),
    coveredFrom: date('covered_from', { mode: 'string' }).notNull(),
    coveredUntil: date('covered_until', { mode: 'string' }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    renewalInvoicedFor: date('renewal_invoiced_for', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('compliance_plans_user_idx').on(table.userId)],
);

/** One paid year of a plan, by the order line that paid it (so a payment extends it once). */
export const compliancePlanPeriods = pgTable('compliance_plan_periods', {
  id: uuid('id').primaryKey().defaultRandom(),
  planId: uuid('plan_id')
    .notNull()
    .references(() => compliancePlans.id, { onDelete: 'cascade' }),
  orderItemId: uuid('order_item_id')
    .notNull()
    .unique()
    .references(() => orderItems.id, { onDelete: 'cascade' }),
  coveredFrom: date('covered_from', { mode: 'string' }).notNull(),
  coveredUntil: date('covered_until', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A filing the team owes a company under compliance care: one calendar item (annual return or a
 * beneficial-ownership update), opened 30 days before its due date, filed by a named person.
 */
export const complianceFilingTasks = pgTable(
  'compliance_filing_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => compliancePlans.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => complianceCompanies.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    title: text('title').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['open', 'filed'] })
      .notNull()
      .default('open'),
    filedAt: timestamp('filed_at', { withTimezone: true }),
    filedBy: text('filed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('compliance_filing_tasks_item_key').on(table.companyId, table.itemKey),
    index('compliance_filing_tasks_open_idx').on(table.status, table.dueOn),
  ],
);
