import { z } from 'zod';
import { statusEventSchema } from './status-event.schemas.ts';
import { pageOf } from './paging.ts';

export const domainOrderStatuses = [
  'pending_payment',
  'paid',
  'registering',
  'active',
  // A renewal the registrar carried out (the registration it renewed stays active).
  'renewed',
  'failed',
  'refunded',
  // Not paid within the hold: the name went back on sale.
  'released',
] as const;
export type DomainOrderStatus = (typeof domainOrderStatuses)[number];

export const domainOrderKinds = ['registration', 'renewal', 'transfer'] as const;
export type DomainOrderKind = (typeof domainOrderKinds)[number];

export const domainOrderSchema = z.object({
  id: z.string(),
  domain: z.string(),
  kind: z.enum(domainOrderKinds),
  years: z.number(),
  status: z.enum(domainOrderStatuses),
  price: z.number(),
  registrar: z.string(),
  registrarReference: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  registrantName: z.string(),
  registrantEmail: z.string(),
  autoRenew: z.boolean(),
  expiresAt: z.string().nullable(),
  /** Until when an order awaiting payment keeps the name for this customer. */
  heldUntil: z.string().nullable(),
  /** Set once a registered domain has expired: until when it can usually still be renewed. */
  renewableUntil: z.string().nullable(),
  /** Rand the customer paid for a registration they did not get, still to be refunded. */
  refundDue: z.number().nullable(),
  /**
   * An active registration's renewal price per year (rand, VAT included) and how many years it
   * can still be renewed for (ten years is the registries' limit); null otherwise.
   */
  renewal: z.object({ pricePerYear: z.number(), maxYears: z.number() }).nullable(),
  /** Renewals of this domain paid or awaiting payment that the registrar has not carried out. */
  openRenewals: z.number(),
  createdAt: z.string(),
});
export type DomainOrder = z.infer<typeof domainOrderSchema>;

export const domainOrderPageSchema = pageOf(domainOrderSchema);
export type DomainOrderPage = z.infer<typeof domainOrderPageSchema>;

export const domainOrderDetailSchema = z.object({
  order: domainOrderSchema,
  events: z.array(statusEventSchema),
});
export type DomainOrderDetail = z.infer<typeof domainOrderDetailSchema>;

/**
 * GET /api/admin/domain-margins: per month (newest first) what domain sales earned after the
 * registrar and PayFast, rand excluding VAT; the fee is the payment's, shared by line amount.
 */
export const domainMarginMonthSchema = z.object({
  month: z.string(),
  domains: z.number(),
  salesExVat: z.number(),
  registrarCosts: z.number(),
  paymentFees: z.number(),
  margin: z.number(),
});
export type DomainMarginMonth = z.infer<typeof domainMarginMonthSchema>;
