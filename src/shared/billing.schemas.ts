import { z } from 'zod';
import { formatZAR } from './money.ts';
import { pageNumberSchema, pageOf } from './paging.ts';

/** What a document of the back office's invoice list is, from its order and its money. */
export const invoiceStatuses = [
  'pro_forma',
  'unpaid',
  'part_paid',
  'overdue',
  'paid',
  'cancelled',
  'credited',
] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  pro_forma: 'Pro-forma',
  unpaid: 'Unpaid',
  part_paid: 'Part paid',
  overdue: 'Overdue',
  paid: 'Paid',
  cancelled: 'Cancelled',
  credited: 'Credited',
};

export const quoteStatuses = ['sent', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];
export const quoteStatusLabels: Record<QuoteStatus, string> = {
  sent: 'Awaiting acceptance',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Withdrawn',
  expired: 'Expired',
};

const isoDay = (what: string) =>
  z
    .string({ error: `Choose ${what}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Choose ${what}, such as 2026-12-31`);

/** One line the team writes on an invoice or a quote; the price includes VAT, as in the shop. */
export const billingLineInputSchema = z.object({
  description: z
    .string({ error: 'Describe the line' })
    .trim()
    .min(2, 'Describe the line in a few words')
    .max(200, 'Keep a line’s description under 200 characters'),
  quantity: z.coerce
    .number({ error: 'Enter a quantity' })
    .int('Use a whole quantity')
    .min(1, 'Enter a quantity of at least 1')
    .max(999, 'Enter a quantity of at most 999'),
  unitPrice: z.coerce
    .number({ error: 'Enter a price' })
    .positive(`Enter a price above ${formatZAR(0)}`)
    .multipleOf(0.01, 'Use at most two decimals (cents)')
    .max(1_000_000, `Enter a price of at most ${formatZAR(100_000_000)}`),
  /** The catalogue package the line was picked from, if any. */
  packageId: z
    .string()
    .max(100)
    .nullish()
    .transform((value) => value || null),
});
export type BillingLineInput = z.input<typeof billingLineInputSchema>;

const billingLines = z
  .array(billingLineInputSchema, { error: 'Add at least one line' })
  .min(1, 'Add at least one line')
  .max(30, 'Use at most 30 lines');

const customerId = z.uuid('Choose the customer');

/** POST /api/admin/invoices: an invoice for custom work, sent to the customer to pay. */
export const invoiceInputSchema = z.object({
  customerId,
  lines: billingLines,
  dueOn: isoDay('the day payment is due'),
});
export type InvoiceInput = z.input<typeof invoiceInputSchema>;

/** POST /api/admin/quotes: a quote the customer accepts online, with or without a deposit. */
export const quoteInputSchema = z
  .object({
    customerId,
    lines: billingLines,
    validUntil: isoDay('the last day the quote may be accepted'),
    depositKind: z.enum(['none', 'percent', 'amount'], { error: 'Choose a kind of deposit' }),
    /** The percentage (1–99), or the amount in rand; ignored without a deposit. */
    depositValue: z.coerce.number({ error: 'Enter the deposit' }).min(0).default(0),
    terms: z
      .string({ error: 'Write the terms the customer accepts' })
      .trim()
      .min(10, 'Write the terms the customer accepts')
      .max(4000, 'Keep the terms under 4000 characters'),
  })
  .superRefine((quote, ctx) => {
    if (quote.depositKind === 'percent') {
      if (
        !Number.isInteger(quote.depositValue) ||
        quote.depositValue < 1 ||
        quote.depositValue > 99
      )
        ctx.addIssue({
          code: 'custom',
          path: ['depositValue'],
          message: 'Enter a deposit percentage from 1 to 99',
        });
    }
    if (quote.depositKind === 'amount') {
      const total = quote.lines.reduce(
        (sum, line) => sum + Math.round(Number(line.unitPrice) * 100) * Number(line.quantity),
        0,
      );
      const cents = Math.round(quote.depositValue * 100);
      if (cents <= 0 || cents >= total || Math.abs(quote.depositValue * 100 - cents) > 1e-6)
        ctx.addIssue({
          code: 'custom',
          path: ['depositValue'],
          message: `Enter a deposit above ${formatZAR(0)} and below the quote’s total, in rand and cents`,
        });
    }
  });
export type QuoteInput = z.input<typeof quoteInputSchema>;

export const quoteNumberParams = z.object({
  number: z.string().regex(/^Q-\d{6}$/, 'Not a quote number'),
});

/** POST /api/quotes/{number}/accept: the customer's acceptance, with the name they type. */
export const quoteAcceptanceSchema = z.object({
  name: z
    .string({ error: 'Type your full name to accept' })
    .trim()
    .min(2, 'Type your full name to accept')
    .max(120, 'Type your name in under 120 characters'),
  acceptTerms: z.literal(true, { error: 'Tick the box to accept the terms' }),
});
export type QuoteAcceptance = z.input<typeof quoteAcceptanceSchema>;

const billingLineSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  total: z.number(),
});

/** An order a quote raised, as the quote lists it. */
const quoteInvoiceSchema = z.object({
  orderReference: z.string(),
  part: z.enum(['whole', 'deposit', 'balance']),
  total: z.number(),
  status: z.enum(invoiceStatuses),
});

export const quoteSchema = z.object({
  number: z.string(),
  status: z.enum(quoteStatuses),
  customer: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  lines: z.array(billingLineSchema),
  subtotal: z.number(),
  vat: z.number(),
  total: z.number(),
  /** "50% deposit", "Deposit", or null without one. */
  depositLabel: z.string().nullable(),
  deposit: z.number(),
  validUntil: z.string(),
  terms: z.string(),
  createdAt: z.string(),
  acceptedName: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  invoices: z.array(quoteInvoiceSchema),
  /** Whether the team may invoice the balance now (accepted, deposit invoiced, balance not yet). */
  balanceDue: z.number().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteAcceptedSchema = z.object({
  number: z.string(),
  /** The order to pay now: the deposit, or the whole quote. */
  orderReference: z.string(),
});

export const raisedInvoiceSchema = z.object({
  orderReference: z.string(),
  total: z.number(),
});

/** GET /api/admin/invoices?status=&q=&page= */
export const invoiceListQuerySchema = z.object({
  status: z
    .enum(invoiceStatuses, { error: 'Choose a status from the list' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  page: pageNumberSchema,
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoiceListItemSchema = z.object({
  orderReference: z.string(),
  customer: z.object({ id: z.string().nullable(), name: z.string() }),
  title: z.string(),
  status: z.enum(invoiceStatuses),
  total: z.number(),
  received: z.number(),
  issuedOn: z.string(),
  dueOn: z.string().nullable(),
  /** The tax invoice's number once paid (INV-000012). */
  invoiceNumber: z.string().nullable(),
  quoteNumber: z.string().nullable(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const invoiceListSchema = pageOf(invoiceListItemSchema).extend({
  /** Every status with how many documents and what they come to, whatever the filter. */
  totals: z.array(
    z.object({ status: z.enum(invoiceStatuses), count: z.number(), total: z.number() }),
  ),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const quoteListItemSchema = z.object({
  number: z.string(),
  customer: z.object({ id: z.string().nullable(), name: z.string() }),
  status: z.enum(quoteStatuses),
  total: z.number(),
  deposit: z.number(),
  validUntil: z.string(),
  createdAt: z.string(),
});
export type QuoteListItem = z.infer<typeof quoteListItemSchema>;

/** A quote's number as people read it. */
export const quoteNumber = (number: number): string => `Q-${String(number).padStart(6, '0')}`;
