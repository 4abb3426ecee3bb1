import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/**
 * A coupon an owner offers (issue 29 §3): a percentage or an amount off, on every line or only on
 * some services' packages and domain endings, between two dates, for so many uses in all and per
 * customer. Codes are told apart without regard to case: the unique index is on the upper-cased
 * code, and the code is stored as typed in capitals.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    /** What the customer reads beside the code ("Spring special"); may be empty. */
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    /** 1–100 for a percentage; the amount in cents, VAT included, for an amount. */
    value: integer('value').notNull(),
    /** Catalogue service slugs it is limited to; with `endings` empty too, it is for everything. */
    services: jsonb('services').$type<string[]>().notNull().default([]),
    /** Domain endings (co.za, com) whose registrations, renewals and transfers it is for. */
    endings: jsonb('endings').$type<string[]>().notNull().default([]),
    /** Only for a customer who has never paid an order (and then once). */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** The first and last days it can be used, South African dates, both included. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** Uses in all and per customer; null: no limit. */
    totalLimit: integer('total_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    /**
     * The owner's floor: no discounted line sells for less than this percentage of its price (a
     * domain never below its no-loss price either, whatever the floor).
     */
    floorPercent: integer('floor_percent').notNull().default(0),
    /** Ended by an owner before its end date: no new order may use it. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupons_code_key').on(sql`upper(${table.code})`),
    check(
      'coupons_value_check',
      sql`${table.value} > 0 and (${table.kind} <> 'percent' or ${table.value} <= 100)`,
    ),
    check('coupons_floor_check', sql`${table.floorPercent} between 0 and 100`),
  ],
);

/**
 * One use of a coupon: the order that carries its discount line (one coupon per order). A use
 * counts while its order is not cancelled, so an unpaid order given up (cancelled by the team,
 * replaced by another try of its cart, or its bank transfer expired) gives its use back without
 * a step of its own, and takes it again if a late payment still pays it.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What it took off the order, VAT included. */
    discountCents: integer('discount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('coupon_redemptions_coupon_idx').on(table.couponId, table.userId)],
);
