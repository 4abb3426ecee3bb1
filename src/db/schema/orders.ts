import { sql } from 'drizzle-orm';
import {
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
import { serviceRequests } from './catalogue.ts';
import { domainOrders } from './domains.ts';
import { quotes } from './billing.ts';
import { savedCards } from './saved-cards.ts';

/** A customer's purchase; money in cents, VAT included in the total. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', {
      enum: [
        'pending_payment',
        'paid',
        'in_progress',
        'completed',
        'cancelled',
        'failed',
        'refunded',
      ],
    })
      .notNull()
      .default('pending_payment'),
    subtotalCents: integer('subtotal_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The browser cart the order was made from: every try to pay one cart (PayFast left, Back,
     * a second tab) is an order of its own, and the one paid closes the others.
     */
    cartId: uuid('cart_id'),
    /** The quote this order bills, and which part of it (decision 025). */
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    quotePart: text('quote_part', { enum: ['whole', 'deposit', 'balance'] }),
    /** An invoice the team sent: who sent it and the day payment is due (YYYY-MM-DD). */
    issuedBy: text('issued_by'),
    dueOn: text('due_on'),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    // The back office finds an order by any part of its reference (decision 024).
    index('orders_reference_trgm_idx').using('gin', table.reference.op('gin_trgm_ops')),
    index('orders_cart_idx').on(table.userId, table.cartId),
    // A quote raises each of its parts once, however often acceptance is clicked; a part whose
    // order was given up unpaid (a bank transfer that never came) may be raised again.
    uniqueIndex('orders_quote_part_key')
      .on(table.quoteId, table.quotePart)
      .where(sql`status not in ('cancelled', 'failed')`),
    index('orders_status_idx').on(table.status, table.createdAt),
  ],
);

export const orderItems = pgTable('order_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  title: text('title').notNull(),
  packageId: text('package_id'),
  addOnIds: jsonb('add_on_ids').$type<string[]>().notNull().default([]),
  domainOrderId: uuid('domain_order_id').references(() => domainOrders.id),
  serviceRequestId: uuid('service_request_id').references(() => serviceRequests.id),
  quantity: integer('quantity').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  /**
   * The part of the order's coupon discount this line bears (its total stays the price before
   * it), so figures per service count what was actually charged; the discount itself is a line
   * of its own (type `coupon`, a negative total) on the order and its invoice.
   */
  discountCents: integer('discount_cents').notNull().default(0),
  details: jsonb('details').$type<Record<string, unknown>>(),
});

export const orderEvents = pgTable('order_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money towards an order through a payment method: a card charge (an attempt, paid at most once,
 * keyed on the method's id of the charge), an expected bank transfer (method `eft`, pending
 * until the order is paid or expires) or one bank line received for it (paid, keyed on the line).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    amountCents: integer('amount_cents').notNull(),
    /** What PayFast's ITN reported (amount_gross, amount_fee as a positive fee, amount_net). */
    grossCents: integer('gross_cents'),
    feeCents: integer('fee_cents'),
    netCents: integer('net_cents'),
    /** The way it was paid (a payment method's id: `payfast`, `eft`). */
    method: text('method').notNull().default('payfast'),
    /** The method's own id of the charge (PayFast's pf_payment_id), unique per method. */
    externalId: text('external_id'),
    /** Paid for an order that was already paid (two tabs, a second card): money to give back. */
    overpayment: boolean('overpayment').notNull().default(false),
    /** The customer asked at checkout to keep the card for renewals (tokenisation). */
    saveCard: boolean('save_card').notNull().default(false),
    /** An ad hoc charge of this saved card (a renewal charged on its due date). */
    savedCardId: uuid('saved_card_id').references(() => savedCards.id, { onDelete: 'set null' }),
    /** A later month's charge of a subscription (PayFast's recurring billing). */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    /** The fields sent to the method (the debug page), or the bank line a transfer came on. */
    fields: jsonb('fields').$type<[string, string][]>().notNull(),
    /** An expected bank transfer: when its order is cancelled if the money has not come. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId),
    index('payments_reference_trgm_idx').using('gin', table.reference.op('gin_trgm_ops')),
    uniqueIndex('payments_method_external_id_key').on(table.method, table.externalId),
  ],
);

/**
 * A monthly service billed by PayFast's recurring billing: opened by the first month's COMPLETE
 * ITN (which carries the `token`), charged by PayFast every month after; each charge is its own
 * payment, order and invoice. Cancelled through PayFast's subscription API or by PayFast's ITN.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The order whose payment started it; its monthly lines are what each month charges. */
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The payment method that charges it, and its handle of the agreement. */
    method: text('method').notNull().default('payfast'),
    token: text('token').notNull().unique(),
    title: text('title').notNull(),
    /** What PayFast charges each month (recurring_amount), VAT included. */
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['active', 'cancelling', 'cancelled'] })
      .notNull()
      .default('active'),
    nextBillingDate: text('next_billing_date').notNull(),
    /** Charges PayFast reported FAILED since the last one that went through. */
    failedCharges: integer('failed_charges').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    /** Suspended by dunning (unpaid past the policy's days): the team stops the work until paid. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /**
     * Paused by the customer: the charges from `pausedFrom` (the billing date it skipped first)
     * until `resumesOn` (the next billing date meanwhile) are skipped.
     */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedFrom: text('paused_from'),
    resumesOn: text('resumes_on'),
    /** What each month bills since a change of package or price; null: the first order's lines. */
    lines: jsonb('lines').$type<SubscriptionLine[]>(),
    /** A change of package or price waiting for its first billing date (decision 029). */
    pendingChange: jsonb('pending_change').$type<PendingSubscriptionChange>(),
    /** What the payment method was last told to charge each month; null: `amountCents`. */
    methodAmountCents: integer('method_amount_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId, table.createdAt)],
);

/** One line of a subscription's monthly bill, as a renewal order's line is written. */
export interface SubscriptionLine {
  type: string;
  title: string;
  packageId: string | null;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  parts: { name: string; unitCents: number; billing: 'once' | 'monthly' | 'yearly' }[];
}

export interface PendingSubscriptionChange {
  /** The customer's change of package, or the owner's move to a new catalogue price. */
  kind: 'package' | 'price';
  amountCents: number;
  title: string;
  lines: SubscriptionLine[];
  /** YYYY-MM-DD: the first billing date charged at the new amount. */
  startsOn: string;
}

/**
 * What happened to a subscription besides its charges (pause, resume, changes of package or
 * price, their push to the payment method), for the customer's and the team's history.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor', { enum: ['customer', 'owner', 'system'] }).notNull(),
    /** The sentence the history shows, e.g. "Paused for 2 months; charged again from 15 March 2027". */
    note: text('note').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('subscription_events_subscription_idx').on(table.subscriptionId, table.at)],
);

/**
 * Every notification a payment method (PayFast's ITN) posted, stored before the sender gets its
 * 200 and checked afterwards (`accepted` null until then), with the verdict's reason; a
 * check-payment-notification job checks each.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    method: text('method').notNull().default('payfast'),
    paymentReference: text('payment_reference'),
    /** The method's id of the charge it is about, and its own word for the outcome. */
    externalId: text('external_id'),
    status: text('status'),
    ip: text('ip'),
    /** The fields as posted, in order (a method may sign them so). */
    fields: jsonb('fields').$type<[string, string][]>().notNull(),
    accepted: boolean('accepted'),
    reason: text('reason').notNull().default('received, not checked yet'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (table) => [
    index('payment_notifications_unchecked_idx')
      .on(table.id)
      .where(sql`accepted is null`),
  ],
);

/**
 * Invoices, numbered in an unbroken series: the number is taken inside the payment's transaction
 * under a lock, so a rolled-back payment leaves no gap. Supplier, recipient and lines are a
 * snapshot: the invoice reads the same forever.
 */
export const invoices = pgTable('invoices', {
  id: uuid('id').primaryKey().defaultRandom(),
  number: integer('number').notNull().unique(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  supplier: jsonb('supplier').$type<Record<string, string>>().notNull(),
  recipient: jsonb('recipient').$type<Record<string, string>>().notNull(),
  lines: jsonb('lines')
    .$type<{ title: string; quantity: number; unitCents: number; totalCents: number }[]>()
    .notNull(),
  totalCents: integer('total_cents').notNull(),
  vatCents: integer('vat_cents').notNull(),
  /** How it was paid, as the payment method names itself ("Card (PayFast)"), kept with it. */
  paidWith: text('paid_with').notNull().default('Card (PayFast)'),
});

/**
 * Money given back on a paid payment, in full or in part, by an administrator with a reason; a
 * refund-payment job asks PayFast (or the simulator) for it and records the answer.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    /** The VAT in the amount, as the credit note states it (0 for an overpayment). */
    vatCents: integer('vat_cents').notNull(),
    reason: text('reason').notNull(),
    /** Back through the payment's method (card, bank payout), or kept as account credit. */
    destination: text('destination', { enum: ['method', 'credit'] })
      .notNull()
      .default('method'),
    status: text('status', { enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    requestedBy: text('requested_by').notNull(),
    /**
     * What PayFast had left to refund when it was last asked for this refund: a later try that
     * finds that much less left knows the refund was made (the try before crashed after asking).
     */
    availableBeforeCents: integer('available_before_cents'),
    /** PayFast's answer (its refund id or message), or why the refund failed. */
    outcome: text('outcome'),
    /**
     * The buyer's bank account for a refund the method pays out to a bank (PayFast's
     * BANK_PAYOUT), kept only while the refund is pending: cleared when it is made or fails.
     */
    bankAccount: jsonb('bank_account').$type<{
      holder: string;
      bank: string;
      branchCode: string;
      accountNumber: string;
      accountType: 'current' | 'savings';
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('refunds_payment_idx').on(table.paymentId)],
);

/**
 * Credit notes (VAT Act s21), in their own unbroken series like invoices: one per completed
 * refund of a supply; a snapshot that reads the same forever.
 */
export const creditNotes = pgTable('credit_notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  number: integer('number').notNull().unique(),
  refundId: uuid('refund_id')
    .notNull()
    .unique()
    .references(() => refunds.id),
  invoiceNumber: integer('invoice_number').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  supplier: jsonb('supplier').$type<Record<string, string>>().notNull(),
  recipient: jsonb('recipient').$type<Record<string, string>>().notNull(),
  reason: text('reason').notNull(),
  totalCents: integer('total_cents').notNull(),
  vatCents: integer('vat_cents').notNull(),
});

/**
 * A customer's account credit, as a ledger: each row moves the balance (positive in, negative
 * out) and says why; the balance is their sum. Credit is money the company holds for the
 * customer: an overpayment, a refund kept as credit, the team's adjustment, or what an unpaid
 * order gives back when it is cancelled; it pays orders in part or in full ('applied').
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    kind: text('kind', {
      enum: ['overpayment', 'excess', 'refund', 'refund_paid', 'adjustment', 'applied', 'released'],
    }).notNull(),
    description: text('description').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    /** Who made it: "system", or the administrator's e-mail for an adjustment. */
    createdBy: text('created_by').notNull().default('system'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_entries_user_idx').on(table.userId, table.id),
    index('credit_entries_order_idx').on(table.orderId),
  ],
);
