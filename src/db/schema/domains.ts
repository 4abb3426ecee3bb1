import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
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
  /**
   * Which registrar sells the ending (decision 033): null for the default one (DNSimple when it is
   * configured, otherwise the embedded local registrar).
   */
  registrar: text('registrar', { enum: ['local', 'dnsimple', 'zacr'] }),
  /**
   * The registrar's refusal of the ending in its own words, when it last refused to price it: the
   * ending is off sale until the registrar prices it again or an owner routes it elsewhere.
   */
  refusal: text('refusal'),
  refusedAt: timestamp('refused_at', { withTimezone: true }),
});

/**
 * What the registrar itself charges per ending now (DNSimple's `/prices`), as last asked at
 * `checkedAt` by the registrar-prices job: compared with the costs in `tlds` (what our prices are
 * built on), so a cost that rose past what the sale covers stops the sale and alerts the owners.
 */
export const registrarPrices = pgTable('registrar_prices', {
  tld: text('tld')
    .primaryKey()
    .references(() => tlds.tld, { onDelete: 'cascade' }),
  registrationCostCents: integer('registration_cost_cents').notNull(),
  renewalCostCents: integer('renewal_cost_cents').notNull(),
  transferCostCents: integer('transfer_cost_cents').notNull(),
  currency: text('currency', { enum: ['ZAR', 'USD'] }).notNull(),
  /**
   * What our price (built on the `tlds` cost) would sell below its no-loss floor at this cost:
   * `registration`, `renewal`, `transfer`. Those sales stop until an owner raises the cost.
   */
  losing: jsonb('losing').$type<('registration' | 'renewal' | 'transfer')[]>().notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
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
  /** The registrar lock (EPP `clientTransferProhibited`): on from registration, as registrars do. */
  transferLock: boolean('transfer_lock').notNull().default(true),
  /**
   * The transfer code last handed out, which another registrar's transfer must quote: the
   * registry's own secret (the shop never keeps it), replaced by each request for one.
   */
  authCode: text('auth_code'),
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

/**
 * The statuses in which an order holds its name: awaiting payment (until `held_until`, then it is
 * released), paid, being registered, or registered. At most one order per name may be in them.
 */
export const liveDomainOrderStatuses = [
  'pending_payment',
  'paid',
  'registering',
  'active',
] as const;

/** A registration, renewal or transfer the registrar accepted but has not finished (we poll it). */
export interface PendingRegistrarStep {
  kind: 'registration' | 'renewal' | 'transfer';
  id: string;
  /** Years this step adds. */
  years: number;
  /** Years still to add by renewal once this step is done. */
  yearsLeft: number;
  /** A premium name's quoted renewal price, which its renewal must confirm. */
  premiumPrice?: string | undefined;
}

/**
 * What a domain order buys: a new registration, more years of a registration of ours (a
 * renewal: its own row, pointing at the registration through `renews_order_id`, never holding
 * the name), or a registration moved to us from another registrar (a transfer in).
 */
export const domainOrderKinds = ['registration', 'renewal', 'transfer'] as const;

/** A customer's domain purchase and its registration. */
export const domainOrders = pgTable(
  'domain_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    domain: text('domain').notNull(),
    kind: text('kind', { enum: domainOrderKinds }).notNull().default('registration'),
    /** A renewal's registration (or transfer): the order whose expiry it moves on. */
    renewsOrderId: uuid('renews_order_id').references((): AnyPgColumn => domainOrders.id),
    /** A transfer's EPP/auth code, kept only until the registrar has the transfer. */
    authCode: text('auth_code'),
    years: integer('years').notNull(),
    status: text('status', {
      // `renewed`: a renewal the registrar carried out (its registration stays `active`).
      enum: [
        'pending_payment',
        'paid',
        'registering',
        'active',
        'renewed',
        'failed',
        'refunded',
        'released',
      ],
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
    /** Until when an unpaid order keeps the name from other customers. */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    pendingStep: jsonb('pending_step').$type<PendingRegistrarStep>(),
    /** Set when the customer paid for something they did not get: the refund still owed. */
    refundDueCents: integer('refund_due_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('domain_orders_user_idx').on(table.userId),
    // The back office finds a customer by any part of a domain name (decision 024).
    index('domain_orders_domain_trgm_idx').using('gin', table.domain.op('gin_trgm_ops')),
    index('domain_orders_status_idx').on(table.status, table.createdAt),
    index('domain_orders_renews_idx').on(table.renewsOrderId),
    // One name, one owner: the database refuses a second live order for a name (a renewal
    // adds years to its registration's hold and holds nothing of its own).
    uniqueIndex('domain_orders_live_name_idx')
      .on(table.domain)
      .where(
        sql`status in ('pending_payment', 'paid', 'registering', 'active') and kind <> 'renewal'`,
      ),
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
