import { z } from 'zod';

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
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The credit note's number once the refund is made, e.g. "CN-000007" (none for an overpayment). */
  creditNote: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/**
 * POST /api/admin/payments/{reference}/refunds, from the back office's refund form: an amount in
 * rand (at most what is left of the payment) and the reason, which the credit note states.
 */
export const refundRequestSchema = z.object({
  amount: z.coerce
    .number({ error: 'Enter the amount to refund' })
    .positive('Enter an amount above R0.00')
    .multipleOf(0.01, 'Use at most two decimals (cents)')
    .max(1_000_000, 'That is more than any payment'),
  reason: z
    .string({ error: 'Say why the money is refunded' })
    .trim()
    .min(3, 'Say why the money is refunded (at least 3 characters)')
    .max(255, 'Keep the reason under 255 characters'),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

/** A payment in the back office's order book: what was paid, what is refunded, what is left. */
export const adminPaymentSchema = z.object({
  reference: z.string(),
  status: z.enum(paymentStatuses),
  amount: z.number(),
  /** The payment method's own id of the charge (PayFast's payment id). */
  externalId: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** Paid for an order that was already paid: the whole payment is owed back. */
  overpayment: z.boolean(),
  refundable: z.number(),
  refunds: z.array(refundSchema),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
