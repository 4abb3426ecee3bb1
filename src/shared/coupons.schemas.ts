import { z } from 'zod';
import { couponCodeSchema } from './coupon-code.ts';
import { orderItemSchema } from './orders.schemas.ts';

// Coupons (issue 29 §3): what an owner sets, what the back office lists, what checkout asks.

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-22')
  .nullable()
  .default(null)
  .or(z.literal('').transform(() => null));

/** A limit of uses: a whole number, or none (null, or an empty form field). */
const limit = (what: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.coerce
      .number()
      .int(`The ${what} is a whole number`)
      .min(1, `The ${what} is at least 1 (leave it empty for no limit)`)
      .max(1_000_000, `The ${what} is at most 1 000 000`)
      .nullable(),
  );

/** A domain ending as the price list names it: "co.za", "com" (a leading dot is dropped). */
const endingSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((ending) => ending.replace(/^\./, ''))
  .pipe(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'Not a domain ending'));

/** POST /api/admin/coupons, PUT /api/admin/coupons/:id: what an owner sets. */
export const couponInputSchema = z
  .object({
    code: couponCodeSchema,
    description: z
      .string()
      .trim()
      .max(120, 'Keep the description under 120 characters')
      .default(''),
    kind: z.enum(['percent', 'amount'], { error: 'Choose a percentage or an amount' }),
    /** A whole percentage (1–100), or rand (VAT included) for an amount. */
    value: z.coerce.number().positive('The discount is more than 0'),
    services: z.array(z.string().max(60)).max(20).default([]),
    endings: z.array(endingSchema).max(50).default([]),
    firstOrderOnly: z.boolean().default(false),
    startsOn: isoDay,
    endsOn: isoDay,
    totalLimit: limit('total limit'),
    perCustomerLimit: limit('limit per customer'),
    floorPercent: z.coerce
      .number()
      .int('The floor is a whole percentage')
      .min(0, 'The floor is 0% to 100%')
      .max(100, 'The floor is 0% to 100%')
      .default(0),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && (!Number.isInteger(input.value) || input.value > 100)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A percentage is a whole number from 1 to 100',
      });
    }
    if (input.kind === 'amount' && Math.round(input.value * 100) !== input.value * 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'An amount has at most 2 decimals',
      });
    }
    if (input.startsOn && input.endsOn && input.endsOn < input.startsOn) {
      ctx.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'The last day is on or after the first day',
      });
    }
  });
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponValues = z.output<typeof couponInputSchema>;

export const couponIdParams = z.object({ id: z.uuid('Not a coupon id') });

export const couponStatuses = ['active', 'scheduled', 'expired', 'ended', 'used_up'] as const;
export type CouponStatus = (typeof couponStatuses)[number];
export const couponStatusLabels: Record<CouponStatus, string> = {
  active: 'Active',
  scheduled: 'Not started',
  expired: 'Expired',
  ended: 'Ended',
  used_up: 'Used up',
};

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: z.number(),
  services: z.array(z.string()),
  endings: z.array(z.string()),
  firstOrderOnly: z.boolean(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  totalLimit: z.number().nullable(),
  perCustomerLimit: z.number().nullable(),
  floorPercent: z.number(),
  endedAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  status: z.enum(couponStatuses),
  /** In words: "10% off Websites and .co.za domains". */
  summary: z.string(),
  /** Orders carrying it that are not cancelled (awaiting payment or paid). */
  uses: z.number(),
  /** Uses left before the total limit; null without one. */
  remaining: z.number().nullable(),
  /** What it took off the orders that were paid, in rand. */
  discountGiven: z.number(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** GET /api/admin/coupons: the coupons, newest first, and what the form offers to limit one to. */
export const couponListSchema = z.object({
  coupons: z.array(couponSchema),
  services: z.array(z.object({ slug: z.string(), name: z.string() })),
  endings: z.array(z.string()),
});
export type CouponList = z.infer<typeof couponListSchema>;

/** POST /api/coupons/check: a code against the cart, before the order is placed. */
export const couponCheckSchema = z.object({
  code: couponCodeSchema,
  items: z.array(orderItemSchema).min(1, 'The cart is empty').max(30),
  cartId: z.uuid().optional(),
});
export type CouponCheckInput = z.input<typeof couponCheckSchema>;

export const couponQuoteSchema = z.object({
  code: z.string(),
  /** The discount line's title, as on the order and the invoice. */
  title: z.string(),
  /** Rand off, VAT included. */
  discount: z.number(),
  /** The cart's total before and after it, in rand. */
  subtotal: z.number(),
  total: z.number(),
});
export type CouponQuote = z.infer<typeof couponQuoteSchema>;
