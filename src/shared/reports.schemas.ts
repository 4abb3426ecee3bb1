import { z } from 'zod';
import { vatPeriodPattern } from './vat-periods.ts';

/** GET /api/admin/reports/vat-return(.csv): one two-month period (category B), by its first month. */
export const vatReturnQuerySchema = z.object({
  period: z
    .string()
    .regex(vatPeriodPattern, 'Choose a VAT period by its first month, such as 2026-11')
    .optional(),
});
export type VatReturnQuery = z.infer<typeof vatReturnQuerySchema>;

/** A tax invoice or credit note issued in the period, as its snapshot states it. */
export const vatDocumentSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  /** The South African date it was issued, YYYY-MM-DD. */
  issuedOn: z.string(),
  customer: z.string(),
  /** The invoice a credit note corrects. */
  corrects: z.string().nullable(),
  totalCents: z.number().int(),
  vatCents: z.number().int(),
});
export type VatDocument = z.infer<typeof vatDocumentSchema>;

const documentTotalsSchema = z.object({
  count: z.number().int(),
  totalCents: z.number().int(),
  vatCents: z.number().int(),
});

/**
 * The output side of a VAT201 for one period: the VAT on the tax invoices issued in it less the
 * VAT on the credit notes issued in it, with every document once (invoices, then credit notes,
 * each by number). A supplier not registered for VAT has none to return (`noVatReturn`).
 */
export const vatReturnSchema = z.object({
  period: z.string(),
  label: z.string(),
  /** The first and last day of the period and the day the return is due (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  dueOn: z.string(),
  noVatReturn: z.string().nullable(),
  invoices: documentTotalsSchema,
  creditNotes: documentTotalsSchema,
  outputVatCents: z.number().int(),
  documents: z.array(vatDocumentSchema),
});
export type VatReturn = z.infer<typeof vatReturnSchema>;

/** The age buckets of aged debtors, by whole days since the order: 0–29, 30–59, 60–89, 90+. */
export const ageBuckets = ['current', 'days30', 'days60', 'days90'] as const;
export type AgeBucket = (typeof ageBuckets)[number];
export const ageBucketLabels: Record<AgeBucket, string> = {
  current: 'Current',
  days30: '30 days',
  days60: '60 days',
  days90: '90+ days',
};

const bucketCentsSchema = z.object({
  current: z.number().int(),
  days30: z.number().int(),
  days60: z.number().int(),
  days90: z.number().int(),
  total: z.number().int(),
});
export type BucketCents = z.infer<typeof bucketCentsSchema>;

/** An order the customer owes money on: an EFT they chose and have not paid, or paid in part. */
export const debtSchema = z.object({
  reference: z.string(),
  /** The South African date it was ordered, YYYY-MM-DD, and its age in days on `asOf`. */
  orderedOn: z.string(),
  ageDays: z.number().int(),
  bucket: z.enum(ageBuckets),
  totalCents: z.number().int(),
  dueCents: z.number().int(),
});

/** GET /api/admin/reports/aged-debtors: what each customer owes, by age, oldest debt first. */
export const agedDebtorsSchema = z.object({
  asOf: z.string(),
  customers: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      debts: z.array(debtSchema),
      cents: bucketCentsSchema,
    }),
  ),
  totals: bucketCentsSchema,
});
export type AgedDebtors = z.infer<typeof agedDebtorsSchema>;

/**
 * Revenue over whole months as the documents state it: the invoices issued (how many, and their
 * total incl. VAT), the credit notes issued (incl. VAT), and what is left, incl. and excl. VAT.
 */
const revenueFiguresSchema = z.object({
  invoices: z.number().int(),
  salesCents: z.number().int(),
  refundsCents: z.number().int(),
  revenueCents: z.number().int(),
  revenueExVatCents: z.number().int(),
});
export type RevenueFigures = z.infer<typeof revenueFiguresSchema>;

/** GET /api/admin/reports/revenue-by-customer: each customer's revenue over whole months. */
export const customerRevenueSchema = z.object({
  from: z.string(),
  to: z.string(),
  customers: z.array(revenueFiguresSchema.extend({ name: z.string(), email: z.string() })),
});
export type CustomerRevenue = z.infer<typeof customerRevenueSchema>;

/**
 * GET /api/admin/reports/revenue-by-service: the same figures per kind of service (the catalogue
 * group of a package, else the kind of line), the most revenue first, each with its catalogue
 * packages (none for a kind sold without one), and the period's totals. `invoices` counts the
 * invoices with a line of the service or package.
 */
export const serviceRevenueSchema = z.object({
  from: z.string(),
  to: z.string(),
  services: z.array(
    revenueFiguresSchema.extend({
      kind: z.string(),
      label: z.string(),
      packages: z.array(revenueFiguresSchema.extend({ id: z.string(), name: z.string() })),
    }),
  ),
  totals: revenueFiguresSchema,
});
export type ServiceRevenue = z.infer<typeof serviceRevenueSchema>;

/**
 * GET /api/admin/reports/recurring-revenue: per month, oldest first, the monthly recurring
 * revenue (what the active subscriptions charge a month, VAT included as charged) at the
 * month's end (or now, for the current month), the subscriptions started and cancelled in it,
 * and the churn rate: those cancelled over those active at any time in it (null when none).
 */
export const recurringRevenueSchema = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      mrrCents: z.number().int(),
      active: z.number().int(),
      started: z.number().int(),
      cancelled: z.number().int(),
      churnPercent: z.number().nullable(),
    }),
  ),
});
export type RecurringRevenue = z.infer<typeof recurringRevenueSchema>;
