import { z } from 'zod';
import { formatZAR } from './money.ts';

/** What was paid and what was given back: payment and refund states, shared by both views. */
export const paymentStatuses = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const refundStatuses = ['pending', 'completed', 'failed'] as const;
export const refundStatusLabels: Record<(typeof refundStatuses)[number], string> = {
  pending: 'Being refunded',
  completed: 'Refunded',
  failed: 'Refund failed',
};

/** A refund of a payment as its customer and the back office see it. */
export const refundSchema = z.object({
  reference: z.string(),
  amount: z.number(),
  vat: z.number(),
  reason: z.string(),
  status: z.enum(refundStatuses),
  /** Back the way it was paid, or kept as the customer's account credit. */
  destination: z.enum(['method', 'credit']),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The credit note's number once the refund is made, e.g. "CN-000007" (none for an overpayment). */
  creditNote: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const bankAccountTypes = ['current', 'savings'] as const;

/**
 * The buyer's bank account, for a refund PayFast pays into a bank (its BANK_PAYOUT method) rather
 * than back to the card: the fields and limits of PayFast's API docs (Create a refund —
 * bank_account_holder, bank_name from the refund query's list, bank_branch_code up to 6 digits,
 * bank_account_number up to 12 digits, bank_account_type current or savings).
 */
export const refundBankAccountSchema = z.object({
  holder: z
    .string({ error: 'Enter the account holder’s name' })
    .trim()
    .min(2, 'Enter the account holder’s name')
    .max(255, 'Keep the account holder’s name under 255 characters'),
  bank: z
    .string({ error: 'Choose the bank' })
    .trim()
    .min(1, 'Choose the bank')
    .max(255, 'Choose the bank from the list'),
  branchCode: z
    .string({ error: 'Enter the branch code' })
    .trim()
    .regex(/^\d{1,6}$/, 'Enter the branch code: up to 6 digits'),
  accountNumber: z
    .string({ error: 'Enter the account number' })
    .trim()
    .regex(/^\d{1,12}$/, 'Enter the account number: up to 12 digits, no spaces'),
  accountType: z.enum(bankAccountTypes, { error: 'Choose current or savings' }),
});
export type RefundBankAccount = z.infer<typeof refundBankAccountSchema>;

/**
 * POST /api/admin/payments/{reference}/refunds, from the back office's refund form: an amount in
 * rand (at most what is left of the payment) and the reason, which the credit note states; the
 * buyer's bank account when PayFast pays this refund into a bank (see refundTermsSchema).
 */
export const refundRequestSchema = z.object({
  amount: z.coerce
    .number({ error: 'Enter the amount to refund' })
    .positive(`Enter an amount above ${formatZAR(0)}`)
    .multipleOf(0.01, 'Use at most two decimals (cents)')
    .max(1_000_000, 'That is more than any payment'),
  reason: z
    .string({ error: 'Say why the money is refunded' })
    .trim()
    .min(3, 'Say why the money is refunded (at least 3 characters)')
    .max(255, 'Keep the reason under 255 characters'),
  bankAccount: refundBankAccountSchema.optional(),
  /** Back the way it was paid (the default), or kept as the customer's account credit. */
  destination: z.enum(['method', 'credit']).default('method'),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

/**
 * How a refund reaches the buyer: back the way they paid (the card), into a bank account (the
 * refund must give it), or not at all.
 */
export const refundRoutes = ['source', 'bank-account', 'none'] as const;
export type RefundRouteName = (typeof refundRoutes)[number];

/**
 * GET /api/admin/payments/{reference}/refund-terms: what PayFast allows refunding on a payment
 * now (its refund query), in rand. A refund of the whole payment (`original`) takes `full`, any
 * other amount `partial`; `banks` are the banks a bank-account refund may go to.
 */
export const refundTermsSchema = z.object({
  available: z.number(),
  original: z.number(),
  full: z.enum(refundRoutes),
  partial: z.enum(refundRoutes),
  banks: z.array(z.object({ code: z.string(), label: z.string() })),
  /** PayFast's own words when it allows no refund. */
  notes: z.array(z.string()),
});
export type RefundTermsView = z.infer<typeof refundTermsSchema>;

/** A payment in the back office's order book: what was paid, what is refunded, what is left. */
export const adminPaymentSchema = z.object({
  reference: z.string(),
  status: z.enum(paymentStatuses),
  amount: z.number(),
  /** The way it was paid: `payfast` (card) or `eft` (bank transfer, refunded to credit only). */
  method: z.string(),
  /** The payment method's own id of the charge (PayFast's payment id). */
  externalId: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** Paid for an order that was already paid: the whole payment is owed back. */
  overpayment: z.boolean(),
  refundable: z.number(),
  refunds: z.array(refundSchema),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
