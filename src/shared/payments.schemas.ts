import { z } from 'zod';
import { domainOrderStatuses } from './domain-orders.schemas.ts';
import { orderStatuses } from './orders.schemas.ts';
import { paymentStatuses, refundSchema } from './payment-ledger.schemas.ts';

export const payfastModes = ['live', 'sandbox', 'simulator'] as const;

/** A signed PayFast form: the browser posts `fields` to `action` (PayFast's payment page). */
export const payfastFormSchema = z.object({
  action: z.string(),
  reference: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type PayfastForm = z.infer<typeof payfastFormSchema>;

/**
 * POST /api/orders/{reference}/payfast: how the card payment starts. `saveCard` is the customer's
 * consent at checkout to keep the card for renewals (unticked unless they tick it).
 */
export const startCardPaymentSchema = z.object({ saveCard: z.boolean().default(false) }).nullish();
export type StartCardPayment = z.input<typeof startCardPaymentSchema>;

/** GET /api/payments/test: whether the R5.00 test payment is offered here, and through what. */
export const testPaymentSchema = z.object({
  available: z.boolean(),
  mode: z.enum(payfastModes),
  amount: z.number(),
});
export type TestPayment = z.infer<typeof testPaymentSchema>;

const reference = z.string();
const status = z.enum(paymentStatuses);
const amount = z.number();
const createdAt = z.string();
const paidAt = z.string().nullable();
const order = z.object({
  reference: z.string(),
  status: z.enum(orderStatuses),
  /** The invoice number once the order is paid, e.g. "INV-000042". */
  invoice: z.string().nullable(),
});

/** One line of GET /api/payments, newest first. */
export const paymentSummarySchema = z.object({
  reference,
  status,
  amount,
  createdAt,
  paidAt,
  order,
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** GET /api/payments/{reference}: the payment with its lines and domains (the result page polls it). */
export const paymentDetailSchema = z.object({
  reference,
  status,
  method: z.string(),
  items: z.array(
    z.object({
      title: z.string(),
      quantity: z.number(),
      total: z.number(),
      /** What the line charges every month after the first, in rand; null for a once-off line. */
      monthly: z.number().nullable(),
    }),
  ),
  amount,
  /** A card payment that starts monthly services: what is charged each month, from which day. */
  recurring: z.object({ amount: z.number(), firstBillingDate: z.string() }).nullable(),
  /** The payment method's own id of the charge (PayFast's payment id). */
  externalId: z.string().nullable(),
  createdAt,
  paidAt,
  order,
  domains: z.array(z.object({ domain: z.string(), status: z.enum(domainOrderStatuses) })),
  /** A second payment for an order that was already paid: it is owed back in full. */
  overpayment: z.boolean(),
  /** Money given back on this payment, with each refund's credit note. */
  refunds: z.array(refundSchema),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/** POST /api/payments/{reference}/cancel: the attempt's status afterwards. */
export const paymentCancelSchema = z.object({ reference, status });

/** GET /api/payments/debug: the caller's last payment as sent to its method, and its notifications. */
export const paymentDebugSchema = z.object({
  reference,
  status,
  amount,
  fields: z.array(z.tuple([z.string(), z.string()])),
  signatureString: z.string(),
  itns: z.array(
    z.object({
      receivedAt: z.string(),
      status: z.string().nullable(),
      /** null while the checks are still running */
      accepted: z.boolean().nullable(),
      reason: z.string(),
    }),
  ),
});
export type PaymentDebug = z.infer<typeof paymentDebugSchema>;
