import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from './admin.ts';

/**
 * A phone number as its digits, a leading 27 read as 0: "+27 82 555 0142" and "082-555-0142"
 * are one number. The customer search matches on it and its trigram index is built on it, so
 * both must use this one expression.
 */
export const phoneDigits = (phone: AnyPgColumn): SQL =>
  sql`regexp_replace(regexp_replace(coalesce(${phone}, ''), '\\D', '', 'g'), '^27', '0')`;

/**
 * Customers. A deleted account keeps its row (orders point at it) with personal data erased.
 * Trigram (pg_trgm) indexes let the back office find one by any part of their name, e-mail,
 * company or phone number without reading every row (decision 024).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash'),
    phone: text('phone'),
    company: text('company'),
    address: text('address'),
    /** The customer's own VAT number, printed on their tax invoices. */
    vatNumber: text('vat_number'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The last sign-in with the password (not the session opened at registration): a returning customer. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** When the customer unsubscribed from marketing mail (announcements of kind "marketing"). */
    marketingOptOutAt: timestamp('marketing_opt_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('users_created_at_idx').on(table.createdAt, table.id),
    index('users_full_name_trgm_idx').using('gin', table.fullName.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('users_company_trgm_idx').using('gin', table.company.op('gin_trgm_ops')),
    index('users_phone_digits_trgm_idx').using(
      'gin',
      sql`${phoneDigits(table.phone)} gin_trgm_ops`,
    ),
  ],
);

/**
 * Signed-in browsers. The id is the SHA-256 of the cookie's token, so a database reader cannot
 * replay a session. `kind` keeps customer and administrator sessions apart.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['user', 'admin'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_admin_id_idx').on(table.adminId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * An administrator seeing the customer area as one customer ("view as customer", decision 024):
 * read-only, short-lived, and tied to the administrator's own session, so it ends with it
 * (sign-out, disabling). The id is the SHA-256 of its cookie's token, as for sessions; it is not
 * one of the customer's sessions and never appears among them.
 */
export const viewAsSessions = pgTable(
  'view_as_sessions',
  {
    id: text('id').primaryKey(),
    adminSessionId: text('admin_session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('view_as_sessions_admin_session_idx').on(table.adminSessionId)],
);

/** Single-use links mailed to a user: e-mail verification, e-mail change, password reset. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'change_email', 'reset_password'],
    }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('user_tokens_user_id_idx').on(table.userId, table.purpose)],
);

/** Failed sign-ins, counted per IP and per account to slow down password guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_failures_key_idx').on(table.key, table.createdAt)],
);

/**
 * Every e-mail the site sends, written in the same transaction as the change that caused it and
 * delivered afterwards; without SMTP it stays here as the local outbox.
 */
/** A file the mailer builds at sending time, so the outbox holds a pointer, not the bytes. */
export type MailAttachment =
  { kind: 'invoice'; orderReference: string } | { kind: 'credit-note'; number: number };

/**
 * The row holding the hash of the token a mail's link carries. The token itself is minted when
 * the mail is delivered and never stored, so no one reading the outbox can use the link.
 */
export type MailLinkToken = {
  kind: 'user_token' | 'admin_invitation' | 'ticket_link' | 'pay_link';
  id: string;
};

/**
 * What ties a mail to a conversation (RFC 5322 threading) and where its answer goes: ticket mails
 * carry a signed reply address and one thread per ticket; `autoSubmitted` marks our own
 * notifications (RFC 3834) so auto-responders do not answer them.
 */
export interface MailHeaders {
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  autoSubmitted?: 'auto-generated' | 'auto-replied';
  /** Marketing mail: the one-click unsubscribe address (RFC 8058 List-Unsubscribe). */
  listUnsubscribe?: string;
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    linkToken: jsonb('link_token').$type<MailLinkToken>(),
    replyTo: text('reply_to'),
    headers: jsonb('headers').$type<MailHeaders>(),
    status: text('status', { enum: ['pending', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('mail_outbox_user_idx').on(table.userId)],
);
