import {
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  index,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** The services sold, seeded from src/shared/catalogue.ts; orders are priced from these rows. */
export const services = pgTable('services', {
  slug: text('slug').primaryKey(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  summary: text('summary').notNull(),
  path: text('path').notNull(),
  sort: integer('sort').notNull(),
  active: boolean('active').notNull().default(true),
});

export const servicePackages = pgTable('service_packages', {
  id: text('id').primaryKey(),
  serviceSlug: text('service_slug')
    .notNull()
    .references(() => services.slug),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
  pricing: text('pricing', { enum: ['fixed', 'from'] }).notNull(),
  billing: text('billing', { enum: ['once', 'monthly', 'yearly'] }).notNull(),
  deliveryDays: integer('delivery_days').notNull(),
  delivery: text('delivery').notNull(),
  bestFor: text('best_for'),
  featured: boolean('featured').notNull().default(false),
  features: jsonb('features').$type<string[]>().notNull(),
  sort: integer('sort').notNull(),
  active: boolean('active').notNull().default(true),
  /** A monthly package its customers may pause (decision 029); the owner decides. */
  pausable: boolean('pausable').notNull().default(false),
});

export const serviceAddOns = pgTable('service_add_ons', {
  id: text('id').primaryKey(),
  serviceSlug: text('service_slug')
    .notNull()
    .references(() => services.slug),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
  billing: text('billing', { enum: ['once', 'monthly', 'yearly'] }).notNull(),
  sort: integer('sort').notNull(),
  active: boolean('active').notNull().default(true),
});

/** A visitor's request for a quote or a call back about a service. */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    serviceType: text('service_type').notNull(),
    packageId: text('package_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    message: text('message').notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['new', 'contacted', 'quoted', 'paid', 'won', 'lost'] })
      .notNull()
      .default('new'),
    /** The quoted price, VAT included, set when the request is quoted; the customer pays it. */
    quoteCents: integer('quote_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('service_requests_user_idx').on(table.userId),
    index('service_requests_status_idx').on(table.status, table.createdAt),
  ],
);

/** Messages from the contact form. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
