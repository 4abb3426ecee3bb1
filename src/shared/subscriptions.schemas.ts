import { z } from 'zod';
import { paymentStatuses } from './payment-ledger.schemas.ts';

export const subscriptionStatuses = ['active', 'cancelling', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** `:reference` of a subscription (SUB-XXXXXXXX) in a route. */
export const subscriptionReferenceParams = z.object({
  reference: z.string().regex(/^SUB-[A-Z0-9]{8}$/, 'Not a subscription reference'),
});

/** One monthly charge of a subscription: the first one at checkout, then one a month. */
const chargeSchema = z.object({
  paymentReference: z.string(),
  /** The order the charge paid, with its own invoice (null for a failed charge). */
  orderReference: z.string().nullable(),
  invoice: z.string().nullable(),
  status: z.enum(paymentStatuses),
  amount: z.number(),
  date: z.string(),
});

/** A monthly service billed by PayFast: GET /api/subscriptions lists the caller's, newest first. */
export const subscriptionSchema = z.object({
  reference: z.string(),
  title: z.string(),
  /** Each month's charge in rand, VAT included. */
  amount: z.number(),
  status: z.enum(subscriptionStatuses),
  /** YYYY-MM-DD of PayFast's next charge; null once cancelled. */
  nextBillingDate: z.string().nullable(),
  /** Charges PayFast reported failed since the last one that went through. */
  failedCharges: z.number(),
  /** Suspended by dunning (unpaid too long) since then: the team stops the work until paid. */
  suspendedAt: z.string().nullable(),
  startedAt: z.string(),
  cancelledAt: z.string().nullable(),
  charges: z.array(chargeSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/admin/subscriptions: every subscription with its customer, failed ones first. */
export const adminSubscriptionSchema = subscriptionSchema.omit({ charges: true }).extend({
  customer: z.object({ name: z.string(), email: z.string() }).nullable(),
  orderReference: z.string(),
  lastFailedAt: z.string().nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
