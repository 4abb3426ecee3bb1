import { z } from 'zod';
import { formatZAR } from './money.ts';
import { orderStatuses } from './orders.schemas.ts';

/** One line of a credit statement: the date, what moved the credit, by how much, and after it. */
export const creditStatementSchema = z.object({
  balance: z.number(),
  entries: z.array(
    z.object({
      date: z.string(),
      description: z.string(),
      amount: z.number(),
      balance: z.number(),
    }),
  ),
});
export type CreditStatement = z.infer<typeof creditStatementSchema>;

/** POST /api/orders/{reference}/credit: pay (part of) an order from account credit. */
export const applyCreditSchema = z.object({
  amount: z.coerce
    .number({ error: 'Enter how much credit to use' })
    .positive(`Enter an amount above ${formatZAR(0)}`)
    .multipleOf(0.01, 'Use at most two decimals (cents)')
    .max(1_000_000, 'That is more than any order'),
});
export type ApplyCredit = z.input<typeof applyCreditSchema>;

export const creditAppliedSchema = z.object({
  orderReference: z.string(),
  orderStatus: z.enum(orderStatuses),
  applied: z.number(),
  balance: z.number(),
  /** What is still due on the order, in rand (0: paid in full). */
  due: z.number(),
});
export type CreditApplied = z.infer<typeof creditAppliedSchema>;

const customerEmail = z
  .string({ error: 'Enter the customer’s e-mail address' })
  .trim()
  .toLowerCase()
  .email('Enter the customer’s e-mail address');

/** GET /api/admin/customers/{email}/credit: one customer's credit, by their e-mail address. */
export const customerCreditParams = z.object({ email: customerEmail });

/** GET /api/admin/credit: the customers who hold credit, largest balance first. */
export const creditHolderSchema = z.object({
  name: z.string(),
  email: z.string(),
  balance: z.number(),
});
export type CreditHolder = z.infer<typeof creditHolderSchema>;

export const customerCreditSchema = creditStatementSchema.extend({
  customer: z.object({ name: z.string(), email: z.string() }),
});
export type CustomerCredit = z.infer<typeof customerCreditSchema>;

/** POST /api/admin/credit (owners): add (positive) or take off credit, with why. */
export const creditAdjustmentSchema = customerCreditParams.extend({
  amount: z.coerce
    .number({ error: 'Enter the amount' })
    .refine((n) => n !== 0, `Enter an amount other than ${formatZAR(0)}`)
    .refine((n) => Math.abs(n) <= 100_000, `Adjust at most ${formatZAR(100_000_00)} at a time`)
    .multipleOf(0.01, 'Use at most two decimals (cents)'),
  reason: z
    .string({ error: 'Say why the credit changes' })
    .trim()
    .min(5, 'Say why the credit changes (at least 5 characters)')
    .max(255, 'Keep the reason under 255 characters'),
});
export type CreditAdjustment = z.input<typeof creditAdjustmentSchema>;
