import { z } from 'zod';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-01')
  .refine(
    (text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    },
    { message: 'That day does not exist' },
  );

/**
 * GET /api/admin/reconciliation: a period in South African days, both ends included; without
 * them, this month so far.
 */
export const reconciliationQuerySchema = z
  .object({
    from: day.optional().or(z.literal('').transform(() => undefined)),
    to: day.optional().or(z.literal('').transform(() => undefined)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The period must start on or before its last day',
    path: ['to'],
  });
export type ReconciliationQuery = z.input<typeof reconciliationQuerySchema>;

/**
 * The period's views of the same money, which must agree to the cent: orders paid less refunds
 * on them equals invoices issued less credit notes; and payments received (card and bank) less
 * the refunds paid out equals those net sales plus the change in what the company holds for
 * customers (account credit, part payments of unpaid orders) less the credit the team granted.
 * `breaks` names each reference that keeps them apart, and why.
 */
export const reconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  paidOrders: z.number(),
  saleRefunds: z.number(),
  netSales: z.number(),
  paymentsReceived: z.number(),
  /** Refunds paid out through a method (card, bank payout); refunds kept as credit are not. */
  allRefunds: z.number(),
  netPayments: z.number(),
  invoices: z.number(),
  creditNotes: z.number(),
  netInvoiced: z.number(),
  /** At the end of the period: customers' account credit, and part payments of unpaid orders. */
  creditHeld: z.number(),
  depositsHeld: z.number(),
  /** How much more (or less) the company holds for customers than at the period's start. */
  heldChange: z.number(),
  /** Credit the team added (or took off) by hand in the period. */
  creditGranted: z.number(),
  balanced: z.boolean(),
  breaks: z.array(z.object({ reference: z.string(), problem: z.string() })),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
