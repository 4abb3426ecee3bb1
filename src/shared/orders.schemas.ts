import { z } from 'zod';
import { couponCodeSchema } from './coupon-code.ts';
import { maxLineQuantity } from './order-limits.ts';
import { statusEventSchema } from './status-event.schemas.ts';
import { pageNumberSchema, pageOf } from './paging.ts';
import { businessRegistrationSchema } from './business-registration.schemas.ts';
import { adminPaymentSchema } from './payment-ledger.schemas.ts';
import { domainYears, registrantSchema } from './domain.schemas.ts';
import { domainTransferFields } from './domain-transfer.schemas.ts';
import { siteUrlSchema } from './speed-reports.schemas.ts';
import { annualReturnFilingPackageId, complianceCarePackageId } from './compliance.schemas.ts';

/**
 * POST /api/orders: the cart's lines. `price` and `title` may be sent (the cart stores them) but
 * are ignored: the server prices every line from the catalogue and the registrar.
 */
const ignored = {
  price: z.unknown().optional(),
  title: z.unknown().optional(),
  id: z.unknown().optional(),
};
const quantity = z.coerce
  .number()
  .int()
  .min(1, 'Quantity must be at least 1')
  .max(maxLineQuantity, `At most ${maxLineQuantity} of one item`)
  .default(1);
const addOnIds = z.array(z.string().max(60)).max(10).default([]);

/** `:reference` of an order (SO-XXXXXX) or of a payment (PAY-XXXXXXXX) in a route. */
export const orderReferenceParams = z.object({
  reference: z.string().regex(/^SO-[A-Z0-9]{6}$/, 'Not an order reference'),
});
export const paymentReferenceParams = z.object({
  reference: z.string().regex(/^PAY-[A-Z0-9]{8}$/, 'Not a payment reference'),
});

export const orderItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('package'),
    packageId: z.string().max(60),
    addOnIds,
    quantity,
    ...ignored,
  }),
  z.object({
    type: z.literal('bundle'),
    packageId: z.string().max(60),
    addOnIds,
    quantity,
    ...ignored,
  }),
  z.object({
    type: z.literal('domain'),
    domain: z.string().max(300),
    years: z.coerce.number().int().min(domainYears.min).max(domainYears.max),
    registrant: registrantSchema,
    privacy: z.boolean().default(false),
    autoRenew: z.boolean().default(true),
    quantity: z.literal(1).default(1),
    ...ignored,
  }),
  // More years for one of the customer's own active domains (1–10, priced like a registration).
  z.object({
    type: z.literal('domain-renewal'),
    domain: z.string().max(300),
    years: z.coerce.number().int().min(domainYears.min).max(domainYears.max),
    quantity: z.literal(1).default(1),
    ...ignored,
  }),
  // A domain registered elsewhere, moved to us with its EPP/auth code.
  z.object({
    type: z.literal('domain-transfer'),
    ...domainTransferFields,
    registrant: registrantSchema,
    privacy: z.boolean().default(false),
    autoRenew: z.boolean().default(true),
    quantity: z.literal(1).default(1),
    ...ignored,
  }),
  z.object({
    type: z.literal('service-request'),
    reference: z.string().regex(/^SR-[A-Z0-9]{6}$/, 'Not a service request reference'),
    quantity: z.literal(1).default(1),
    ...ignored,
  }),
  // The R199 full speed report: the website it measures, asked for when it goes into the cart.
  z.object({
    type: z.literal('speed-report'),
    packageId: z.literal('speed-report').default('speed-report'),
    url: siteUrlSchema,
    quantity: z.literal(1).default(1),
    ...ignored,
  }),
  // "We file it for you" from the compliance calendar: the filing, for one of the customer's
  // companies (its line names the company, so the team knows which).
  z.object({
    type: z.literal('compliance-filing'),
    packageId: z.literal(annualReturnFilingPackageId).default(annualReturnFilingPackageId),
    companyId: z.uuid(),
    quantity: z.literal(1).default(1),
    ...ignored,
  }),
  // A year of compliance care for one of the customer's companies (issue 34 §3).
  z.object({
    type: z.literal('compliance-care'),
    packageId: z.literal(complianceCarePackageId).default(complianceCarePackageId),
    companyId: z.uuid(),
    quantity: z.literal(1).default(1),
    ...ignored,
  }),
  z.object({
    type: z.literal('business-registration'),
    packageId: z.string().max(60),
    addOnIds,
    details: businessRegistrationSchema,
    quantity: z.literal(1).default(1),
    ...ignored,
  }),
]);

export const createOrderSchema = z.object({
  items: z
    .array(orderItemSchema)
    .min(1, 'The cart is empty')
    .max(30, 'At most 30 lines in one order'),
  /** The browser cart this try to pay comes from: a paid try closes the cart's other ones. */
  cartId: z.uuid().optional(),
  /** A coupon code applied at checkout: redeemed with the order, or the order is refused. */
  coupon: couponCodeSchema.optional(),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

export const orderStatuses = [
  'pending_payment',
  'paid',
  'in_progress',
  'completed',
  'cancelled',
  'failed',
  'refunded',
] as const;

export const orderSchema = z.object({
  reference: z.string(),
  status: z.enum(orderStatuses),
  items: z.array(
    z.object({
      type: z.string(),
      title: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      total: z.number(),
      /** What the line charges every month after the first, in rand; null for a once-off line. */
      monthly: z.number().nullable(),
    }),
  ),
  subtotal: z.number(),
  vat: z.number(),
  total: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The invoice number once the order is paid, e.g. "INV-000042". */
  invoice: z.string().nullable(),
  /** While it awaits payment: what has arrived (part payments, credit), in rand. */
  received: z.number(),
  /** While it awaits payment: the payment started for it (`eft`: a bank transfer awaited). */
  awaiting: z.enum(['payfast', 'eft']).nullable(),
  /** An invoice the team sent: the day payment is due (YYYY-MM-DD). */
  dueOn: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
  refunded: 'Refunded',
};

/**
 * Where an order may go. A card payment makes it paid; the domain job and the team take it on to
 * in progress and completed; an unpaid order can be cancelled; money paid can be refunded.
 */
export const orderTransitions: Record<OrderStatus, OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['in_progress', 'refunded'],
  in_progress: ['completed', 'failed', 'refunded'],
  completed: ['refunded'],
  failed: ['refunded'],
  // A payment that lands after a cancellation still pays the order: nothing paid is lost.
  cancelled: ['paid'],
  refunded: [],
};

/**
 * What an administrator may set by hand: not paid, which only PayFast confirms, and not refunded,
 * which only a refund made through PayFast brings about (the order book's Refund action).
 */
export const adminOrderStatuses = ['in_progress', 'completed', 'failed', 'cancelled'] as const;

export const orderStatusChangeSchema = z.object({
  status: z.enum(adminOrderStatuses, { error: 'Choose a status an administrator can set' }),
  note: z.string().trim().max(500, 'Keep the note under 500 characters').optional(),
});
export type OrderStatusChange = z.input<typeof orderStatusChangeSchema>;

export const adminOrderQuerySchema = z.object({
  page: pageNumberSchema,
  status: z
    .enum(orderStatuses)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const adminOrderSchema = orderSchema.extend({
  customer: z.object({ name: z.string(), email: z.string() }).nullable(),
  events: z.array(statusEventSchema),
  /** Every card payment that reached PayFast (not the open attempts), with its refunds. */
  payments: z.array(adminPaymentSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderPageSchema = pageOf(adminOrderSchema);
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;
