import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The embedded PayFast simulator's own tables (simulator mode only), in a PostgreSQL schema of
 * their own, out of the shop's: what it sent, the subscriptions it bills and the refunds it made.
 */
export const payfastSimulator = pgSchema('payfast_simulator');

/**
 * The ITNs the embedded PayFast simulator sent (simulator mode only): its validate endpoint
 * confirms a parameter string only when it is found here, so it still knows them after a restart.
 */
export const payfastSimulatorItns = payfastSimulator.table(
  'itns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pfPaymentId: text('pf_payment_id').notNull(),
    paymentReference: text('payment_reference'),
    /** The ITN's parameter string (all fields but the signature, encoded as PayFast does). */
    paramString: text('param_string').notNull(),
    /**
     * How the buyer paid on the simulator's page: CC (card; refunds go back to it) or EFT
     * (Instant EFT; PayFast refunds it as a BANK_PAYOUT into a bank account).
     */
    fundingType: text('funding_type', { enum: ['CC', 'EFT'] })
      .notNull()
      .default('CC'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('itns_param_idx').on(sql`md5(${table.paramString})`)],
);

/**
 * The subscriptions the embedded PayFast simulator holds (simulator mode only): what it charges
 * when asked to bill the next month, and whether the subscription API has cancelled it.
 */
export const payfastSimulatorSubscriptions = payfastSimulator.table('subscriptions', {
  token: text('token').primaryKey(),
  /** The signed form the subscription came from (m_payment_id, notify_url, recurring_amount…). */
  form: jsonb('form').$type<Record<string, string>>().notNull(),
  runDate: text('run_date').notNull(),
  cyclesComplete: integer('cycles_complete').notNull().default(0),
  /** Whether the card behind a token takes ad hoc charges or is declined (tests switch it). */
  card: text('card', { enum: ['accepts', 'declines'] })
    .notNull()
    .default('accepts'),
  status: text('status', { enum: ['active', 'cancelled'] })
    .notNull()
    .default('active'),
  /** Billing days still to skip after the subscription API's pause (0: not paused). */
  pausedCycles: integer('paused_cycles').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Refunds the embedded PayFast simulator made (simulator mode only), so it knows what is left. */
export const payfastSimulatorRefunds = payfastSimulator.table('refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  pfPaymentId: text('pf_payment_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The simulator's payment pages still open (simulator mode only): in the database, not in one
 * process's memory, so the page's buttons work whichever worker answers them; a page completes
 * once (its row is taken as it completes).
 */
export const payfastSimulatorPages = payfastSimulator.table('pages', {
  token: text('token').primaryKey(),
  /** The signed form the page was opened with. */
  form: jsonb('form').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
