import { z } from 'zod';

/**
 * A coupon code (issue 29 §3): letters, digits, - and _, told apart without regard to case. It
 * is kept and compared in capitals, so "spring10" typed at checkout is SPRING10.
 */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(3, 'A coupon code has at least 3 characters')
  .max(30, 'A coupon code has at most 30 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'A coupon code is letters, digits, - and _ only')
  .transform((code) => code.toUpperCase());
