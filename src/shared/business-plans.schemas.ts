import { z } from 'zod';

/** The written sections of a plan, in the order the builder and the PDF show them. */
export const planSections = [
  'executiveSummary',
  'business',
  'market',
  'marketing',
  'operations',
  'team',
] as const;
export type PlanSection = (typeof planSections)[number];

const MAX_SECTION = 20_000;
const MAX_CENTS = 100_000_000_000; // R1 billion: past that a typing slip is likelier than a plan.

const sectionText = z.string().max(MAX_SECTION, `Keep a section under ${MAX_SECTION} characters`);

const cents = (what: string) =>
  z
    .number({ error: `${what} must be an amount` })
    .int(`${what} must be whole cents`)
    .min(0, `${what} cannot be negative`)
    .max(MAX_CENTS, `${what} is too large`);

const percent = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a number` })
    .min(min, `${what} must be at least ${min}%`)
    .max(max, `${what} must be at most ${max}%`);

export const planProductSchema = z.object({
  name: z.string().trim().max(80, 'Keep the name under 80 characters'),
  /** Selling price of one unit, excluding VAT. */
  unitPriceCents: cents('The price'),
  /** Units sold in the first month. */
  unitsPerMonth: z
    .number({ error: 'Units must be a number' })
    .int('Units must be a whole number')
    .min(0, 'Units cannot be negative')
    .max(10_000_000, 'That is too many units a month'),
  /** Compound growth of the units sold, month on month. */
  monthlyGrowthPercent: percent('Monthly growth', -50, 100),
  /** Cost of sales as a share of the selling price. */
  costOfSalesPercent: percent('Cost of sales', 0, 100),
});
export type PlanProduct = z.infer<typeof planProductSchema>;

export const paymentTermsDays = [0, 30, 60, 90] as const;

/** Who the plan asks for money (issue 33 §4); 'none' when it is not a funding application. */
export const funderKinds = ['none', 'sefa', 'nef', 'bank', 'other'] as const;
export const funderLabels: Record<(typeof funderKinds)[number], string> = {
  none: 'Not applying for funding',
  sefa: 'sefa (Small Enterprise Finance Agency)',
  nef: 'NEF (National Empowerment Fund)',
  bank: 'A bank',
  other: 'Another funder',
};

/** The business's standing with SARS, which funders ask about. */
export const taxStatuses = ['compliant', 'pending', 'not_registered'] as const;
export const taxStatusLabels: Record<(typeof taxStatuses)[number], string> = {
  compliant: 'Tax compliant: a SARS tax compliance status (TCS) PIN can be issued',
  pending: 'Registered with SARS, tax compliance still to be resolved',
  not_registered: 'Not yet registered with SARS for income tax',
};

const people = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} cannot be negative`)
    .max(100_000, `${what} is too large`);

/**
 * What a funder (sefa, NEF, a bank) asks beyond the figures: B-BBEE ownership before and after
 * the funding, jobs, and tax compliance. The repayment schedule comes from the loan assumptions.
 */
export const planFundingSchema = z.object({
  funder: z.enum(funderKinds, { error: 'Choose who you are asking for funding' }),
  blackOwnershipBeforePercent: percent('Black ownership before funding', 0, 100),
  blackOwnershipAfterPercent: percent('Black ownership after funding', 0, 100),
  blackWomenOwnershipAfterPercent: percent('Black women ownership after funding', 0, 100),
  jobsNow: people('Jobs today'),
  jobsCreated: people('Jobs the funding creates'),
  taxStatus: z.enum(taxStatuses, { error: 'Choose the business’s tax status' }),
});
export type PlanFunding = z.infer<typeof planFundingSchema>;

export const noFunding: PlanFunding = {
  funder: 'none',
  blackOwnershipBeforePercent: 0,
  blackOwnershipAfterPercent: 0,
  blackWomenOwnershipAfterPercent: 0,
  jobsNow: 0,
  jobsCreated: 0,
  taxStatus: 'compliant',
};

/** The financial assumptions the 36-month projection is worked out from (amounts excl. VAT). */
export const planAssumptionsSchema = z.object({
  products: z.array(planProductSchema).max(10, 'Up to 10 products or services'),
  salariesCents: cents('Salaries'),
  rentCents: cents('Rent'),
  otherCostsCents: cents('Other monthly costs'),
  /** Yearly increase of salaries, rent and other costs (from month 13, then month 25). */
  costEscalationPercent: percent('Yearly cost increase', 0, 50),
  startupCostsCents: cents('Start-up costs'),
  ownerFundingCents: cents('Owner funding'),
  loanCents: cents('The loan'),
  loanInterestPercent: percent('Loan interest', 0, 50),
  loanTermMonths: z
    .number({ error: 'The loan term must be a number' })
    .int('The loan term is whole months')
    .min(1, 'The loan term is at least 1 month')
    .max(120, 'The loan term is at most 120 months'),
  vatRegistered: z.boolean(),
  /** Days customers take to pay (0: cash sales). */
  customerPaymentDays: z.union(
    paymentTermsDays.map((d) => z.literal(d)),
    {
      error: 'Customers pay in 0, 30, 60 or 90 days',
    },
  ),
  smallBusinessCorporation: z.boolean(),
  // A plan stored before the funder section reads as `noFunding` (emptyAssumptions fills it in).
  funding: planFundingSchema.refine(
    (f) => f.blackWomenOwnershipAfterPercent <= f.blackOwnershipAfterPercent,
    {
      message: 'Black women ownership is part of black ownership, so it cannot be more',
      path: ['blackWomenOwnershipAfterPercent'],
    },
  ),
});
export type PlanAssumptions = z.infer<typeof planAssumptionsSchema>;

export const emptyAssumptions: PlanAssumptions = {
  products: [],
  salariesCents: 0,
  rentCents: 0,
  otherCostsCents: 0,
  costEscalationPercent: 6,
  startupCostsCents: 0,
  ownerFundingCents: 0,
  loanCents: 0,
  loanInterestPercent: 11.75,
  loanTermMonths: 36,
  vatRegistered: false,
  customerPaymentDays: 0,
  smallBusinessCorporation: true,
  funding: noFunding,
};

export const planSectionsSchema = z.object(
  Object.fromEntries(planSections.map((s) => [s, sectionText])) as Record<
    PlanSection,
    typeof sectionText
  >,
);
export type PlanSections = z.infer<typeof planSectionsSchema>;

export const emptySections = Object.fromEntries(planSections.map((s) => [s, ''])) as PlanSections;

const planName = z
  .string({ error: 'Give the plan a name' })
  .trim()
  .min(2, 'Give the plan a name of at least 2 characters')
  .max(120, 'Keep the name under 120 characters');

/** POST /api/business-plans */
export const newPlanInputSchema = z.object({ name: planName });
export type NewPlanInput = z.input<typeof newPlanInputSchema>;

/**
 * PUT /api/business-plans/{id}: the whole plan as the builder holds it. `baseVersion` is the
 * version the edit started from; an older one than the stored plan answers 409, so two tabs do
 * not silently overwrite each other.
 */
export const planUpdateSchema = z.object({
  name: planName,
  businessName: z.string().trim().max(120, 'Keep the business name under 120 characters'),
  sections: planSectionsSchema,
  assumptions: planAssumptionsSchema,
  baseVersion: z.number().int().min(1),
});
export type PlanUpdate = z.input<typeof planUpdateSchema>;

export const planStatuses = ['draft', 'in_review', 'delivered'] as const;
export type PlanStatus = (typeof planStatuses)[number];
export const planStatusLabels: Record<PlanStatus, string> = {
  draft: 'Draft',
  in_review: 'With our writers',
  delivered: 'Delivered',
};

export const planSummarySchema = z.object({
  id: z.uuid(),
  /** The professional package paid for (e.g. "Bank-ready plan"), null for the customer's own. */
  packageName: z.string().nullable(),
  name: z.string(),
  businessName: z.string(),
  status: z.enum(planStatuses),
  /** Sections with text, of planSections.length, plus one for the assumptions. */
  completedSteps: z.number().int(),
  totalSteps: z.number().int(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

/** Where a comment sits: a written section, or the financials. */
export const commentTargets = [...planSections, 'financials'] as const;
export type CommentTarget = (typeof commentTargets)[number];

export const planCommentSchema = z.object({
  id: z.uuid(),
  section: z.enum(commentTargets),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type PlanComment = z.infer<typeof planCommentSchema>;

export const planSchema = planSummarySchema.extend({
  sections: planSectionsSchema,
  assumptions: planAssumptionsSchema,
  version: z.number().int(),
  deliveredAt: z.string().nullable(),
  comments: z.array(planCommentSchema),
  /** When the customer made the read-only link that now works; null: not shared. */
  sharedAt: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;

/**
 * POST /api/business-plans/{id}/share: the read-only link, shown once (only its hash is kept; a
 * new link replaces the old one, which stops working).
 */
export const planShareSchema = z.object({ url: z.string(), sharedAt: z.string() });
export type PlanShare = z.infer<typeof planShareSchema>;

/** GET /api/shared-plan?token=…: what a reader of the link sees (no comments, no account). */
export const sharedPlanQuerySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not complete'),
});
export const sharedPlanSchema = z.object({
  name: z.string(),
  businessName: z.string(),
  sections: planSectionsSchema,
  assumptions: planAssumptionsSchema,
  updatedAt: z.string(),
});
export type SharedPlan = z.infer<typeof sharedPlanSchema>;

/** POST /api/business-plans/{id}/import: a paid plan takes the content of one of the customer's. */
export const planImportSchema = z.object({ fromId: z.uuid('Choose one of your plans') });
export type PlanImport = z.input<typeof planImportSchema>;

/** POST /api/admin/business-plans/{id}/comments */
export const planCommentInputSchema = z.object({
  section: z.enum(commentTargets, { error: 'Choose the section the comment is about' }),
  message: z
    .string({ error: 'Write your comment' })
    .trim()
    .min(2, 'Write your comment')
    .max(5000, 'Keep the comment under 5000 characters'),
});
export type PlanCommentInput = z.input<typeof planCommentInputSchema>;

export const adminPlanSummarySchema = planSummarySchema.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  orderReference: z.string().nullable(),
});
export type AdminPlanSummary = z.infer<typeof adminPlanSummarySchema>;

export const adminPlanSchema = planSchema.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  orderReference: z.string().nullable(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
