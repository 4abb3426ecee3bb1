import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PlanAssumptions, PlanSections } from '#shared/business-plans.schemas.ts';
import { users } from './accounts.ts';
import { admins } from './admin.ts';
import { orderItems } from './orders.ts';

/**
 * A customer's business plan: the written sections and the assumptions its projection is worked
 * out from. `version` goes up with every save, so an edit from an older copy is refused (409).
 * A paid professional plan (one per order line) moves in review → delivered.
 */
export const businessPlans = pgTable(
  'business_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    businessName: text('business_name').notNull().default(''),
    sections: jsonb('sections').$type<PlanSections>().notNull(),
    assumptions: jsonb('assumptions').$type<PlanAssumptions>().notNull(),
    status: text('status', { enum: ['draft', 'in_review', 'delivered'] })
      .notNull()
      .default('draft'),
    /** The paid order line of a professional plan (Essential, Bank-ready, Investor). */
    orderItemId: uuid('order_item_id')
      .unique()
      .references(() => orderItems.id, { onDelete: 'set null' }),
    packageId: text('package_id'),
    version: integer('version').notNull().default(1),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * A read-only link the customer gave out (a funder, an accountant): the SHA-256 of its token,
     * so a database reader cannot open it; null when not shared (or revoked).
     */
    shareTokenHash: text('share_token_hash').unique(),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('business_plans_user_idx').on(table.userId, table.updatedAt),
    index('business_plans_status_idx').on(table.status, table.updatedAt),
  ],
);

/** Our writers' comments on a section of a professional plan (the customer reads them). */
export const businessPlanComments = pgTable(
  'business_plan_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => businessPlans.id, { onDelete: 'cascade' }),
    /** A section key, or "financials". */
    section: text('section').notNull(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('business_plan_comments_plan_idx').on(table.planId, table.createdAt)],
);
