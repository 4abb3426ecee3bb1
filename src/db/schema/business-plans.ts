import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PlanAssumptions, PlanSections } from '#shared/business-plans.schemas.ts';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/**
 * A customer's business plan: the written sections and the assumptions its projection is worked
 * out from. `version` goes up with every save, so an edit from an older copy is refused (409).
 * A paid professional plan links its order and moves draft → in review → delivered.
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
    /** The paid order of a professional plan (Essential or Bank-ready). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('business_plans_user_idx').on(table.userId, table.updatedAt)],
);
