import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Back-office staff, apart from customers; created by the CLI, the one-time setup link or an
 * owner's invitation. Owners run administrators, refunds, the catalogue and data; staff the work.
 */
export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['owner', 'staff'] })
    .notNull()
    .default('owner'),
  /**
   * What an owner allowed this staff member beyond the daily work (owners may do everything):
   * `view_as_customer`, opening the customer area as a customer (decision 024).
   */
  permissions: text('permissions', { enum: ['view_as_customer'] })
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** A disabled administrator cannot sign in; their sessions end when this is set. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** RFC 6238 secret (base32); in force only once `totpEnabledAt` is set by a confirmed code. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The last 30-second step whose code was accepted: a code works once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/** One-time recovery codes (hashed) for an administrator who lost their authenticator. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('admin_recovery_codes_hash_idx').on(table.adminId, table.codeHash)],
);

/** An owner's invitation to the back office: the link (hashed token) works once, for 7 days. */
export const adminInvitations = pgTable('admin_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  role: text('role', { enum: ['owner', 'staff'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  invitedBy: uuid('invited_by').references(() => admins.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Append-only record of what administrators did. A trigger in the migration refuses UPDATE and
 * DELETE, so not even a bug in a route can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: uuid('admin_id'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    details: jsonb('details'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_action_idx').on(table.action, table.createdAt),
  ],
);
