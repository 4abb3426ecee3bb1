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
  /** Paused by the customer: YYYY-MM-DD of the first charge after the pause; null when running. */
  pausedUntil: z.string().nullable(),
  /** Whether its packages let the customer pause it (the catalogue's flag, decision 029). */
  pausable: z.boolean(),
  /** A change of package or price waiting for its first billing date. */
  pendingChange: z
    .object({
      kind: z.enum(['package', 'price']),
      title: z.string(),
      amount: z.number(),
      startsOn: z.string(),
    })
    .nullable(),
  /** The next charges (dates and amounts in rand), a pause and a pending change counted. */
  nextCharges: z.array(
    z.object({ date: z.string(), amount: z.number(), note: z.string().nullable() }),
  ),
  /** The monthly packages it may change to (the others of its service), with today's prices. */
  packageOptions: z.array(
    z.object({
      id: z.string(),
      /** The package's name, and its service's. */
      name: z.string(),
      service: z.string(),
      amount: z.number(),
      current: z.boolean(),
    }),
  ),
  /** Pauses, resumes and changes, newest first. */
  history: z.array(
    z.object({ at: z.string(), actor: z.enum(['customer', 'owner', 'system']), note: z.string() }),
  ),
  charges: z.array(chargeSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /api/subscriptions/:reference/pause: the next 1 to 3 charges skipped. */
export const pauseSubscriptionSchema = z.object({
  months: z.coerce
    .number({ error: 'Choose how many months to pause' })
    .int('Choose whole months')
    .min(1, 'Pause for at least 1 month')
    .max(3, 'Pause for at most 3 months'),
});
export type PauseSubscriptionInput = z.input<typeof pauseSubscriptionSchema>;

/** POST /api/subscriptions/:reference/package: another monthly package of the same service. */
export const changePackageSchema = z.object({
  packageId: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Choose a package'),
});
export type ChangePackageInput = z.input<typeof changePackageSchema>;

/**
 * The notice a customer is given before a catalogue price change reaches their subscription. The
 * terms name no figure, so this is the shop's own promise (decision 029).
 */
export const priceMoveNoticeDays = 30;

/** GET /api/admin/catalogue/packages/:id/price-move: who a move would reach, and from when. */
export const priceMoveOfferSchema = z.object({
  packageId: z.string(),
  /** The catalogue's price now, rand incl. VAT. */
  price: z.number(),
  /** Running subscriptions billing the package at another price. */
  subscriptions: z.number(),
  /** YYYY-MM-DD: the earliest day a move may start (today + the notice). */
  earliest: z.string(),
  noticeDays: z.number(),
});
export type PriceMoveOffer = z.infer<typeof priceMoveOfferSchema>;

/** POST …/price-move: the first day the new price may be charged (the notice counted). */
export const priceMoveSchema = z.object({
  from: z.iso.date({ error: 'Choose the day the new price starts' }),
});
export type PriceMoveInput = z.input<typeof priceMoveSchema>;

export const priceMoveResultSchema = z.object({
  moved: z.number(),
  /** References of subscriptions left out: another change is waiting on them. */
  skipped: z.array(z.string()),
  from: z.string(),
});
export type PriceMoveResult = z.infer<typeof priceMoveResultSchema>;

/** GET /api/admin/subscriptions: every subscription with its customer, failed ones first. */
export const adminSubscriptionSchema = subscriptionSchema
  .omit({ charges: true, pausable: true, nextCharges: true, packageOptions: true, history: true })
  .extend({
    customer: z.object({ name: z.string(), email: z.string() }).nullable(),
    orderReference: z.string(),
    lastFailedAt: z.string().nullable(),
  });
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
