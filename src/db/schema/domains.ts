import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** The endings we sell, with what the registrar charges us per year (cents of `currency`). */
export const tlds = pgTable('tlds', {
  tld: text('tld').primaryKey(),
  registrationCostCents: integer('registration_cost_cents').notNull(),
  renewalCostCents: integer('renewal_cost_cents').notNull(),
  transferCostCents: integer('transfer_cost_cents').notNull(),
  currency: text('currency', { enum: ['ZAR', 'USD'] }).notNull(),
  premium: boolean('premium').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull(),
});

/** Domains held by the local registrar (the embedded default; DNSimple keeps its own). */
export const localRegistrarDomains = pgTable('local_registrar_domains', {
  domain: text('domain').primaryKey(),
  registrant: jsonb('registrant').$type<Record<string, unknown>>().notNull(),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  autoRenew: boolean('auto_renew').notNull().default(true),
  privacy: boolean('privacy').notNull().default(false),
  nameservers: jsonb('nameservers').$type<string[]>().notNull(),
});

/** DNS records of domains held by the local registrar. */
export const localRegistrarRecords = pgTable(
  'local_registrar_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domain: text('domain')
      .notNull()
      .references(() => localRegistrarDomains.domain, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    ttl: integer('ttl').notNull(),
    priority: integer('priority'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('local_registrar_records_domain_idx').on(table.domain)],
);

/** A customer's domain purchase and its registration. */
export const domainOrders = pgTable(
  'domain_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    domain: text('domain').notNull(),
    years: integer('years').notNull(),
    status: text('status', {
      enum: ['pending_payment', 'paid', 'registering', 'active', 'failed', 'refunded'],
    })
      .notNull()
      .default('pending_payment'),
    priceCents: integer('price_cents').notNull(),
    registrarCostCents: integer('registrar_cost_cents').notNull(),
    registrant: jsonb('registrant').$type<Record<string, unknown>>().notNull(),
    privacy: boolean('privacy').notNull().default(false),
    autoRenew: boolean('auto_renew').notNull().default(true),
    registrar: text('registrar').notNull(),
    registrarReference: text('registrar_reference'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('domain_orders_user_idx').on(table.userId),
    index('domain_orders_status_idx').on(table.status, table.createdAt),
  ],
);

/** Every state change of a domain order, for the admin's history view. */
export const domainOrderEvents = pgTable('domain_order_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => domainOrders.id, { onDelete: 'cascade' }),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
