import { z } from 'zod';

/** CIPC's company registration number: year of registration / six digits / entity type. */
export const registrationNumberPattern = /^(\d{4})\/\d{6}\/\d{2}$/;

const isoDate = z.iso.date('Enter a date');

export const vatCategories = ['monthly', 'two_monthly_a', 'two_monthly_b'] as const;
export type VatCategory = (typeof vatCategories)[number];

/** How a VAT201 period category reads in a form and on the calendar. */
export const vatCategoryLabels: Record<VatCategory, string> = {
  monthly: 'Monthly (category C)',
  two_monthly_a: 'Every two months: December–January, February–March … (category A)',
  two_monthly_b: 'Every two months: January–February, March–April … (category B)',
};

/** `POST /api/compliance/companies`: a company the customer follows (form and route). */
export const complianceCompanyInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the company’s name').max(160, 'That name is too long'),
    registrationNumber: z
      .string()
      .trim()
      .regex(registrationNumberPattern, 'Enter the number as CIPC shows it: YYYY/NNNNNN/NN'),
    registeredOn: isoDate,
    yearEndMonth: z.coerce.number().int().min(1).max(12).default(2),
    vatCategory: z.enum(vatCategories).nullable().default(null),
    bbbeeAffidavitOn: isoDate.nullable().default(null),
  })
  .refine(
    (company) => company.registrationNumber.slice(0, 4) === company.registeredOn.slice(0, 4),
    {
      message: 'The number starts with the year the company was registered',
      path: ['registrationNumber'],
    },
  );
export type ComplianceCompanyInput = z.input<typeof complianceCompanyInputSchema>;
export type ComplianceCompanyFacts = z.output<typeof complianceCompanyInputSchema>;

/** `POST /api/compliance/companies/:id/ownership-changes`: a change of directors or shares. */
export const ownershipChangeInputSchema = z.object({
  changedOn: isoDate,
  note: z.string().trim().max(300, 'At most 300 characters').default(''),
});

export const complianceItemKinds = [
  'annual-return',
  'beneficial-ownership',
  'provisional-tax',
  'vat201',
  'bbbee',
] as const;

export const complianceItemSchema = z.object({
  /** Stable per company and date, e.g. "annual-return:2027" (marks and reminders use it). */
  key: z.string(),
  kind: z.enum(complianceItemKinds),
  title: z.string(),
  /** The last day, YYYY-MM-DD (South African calendar). */
  dueOn: z.string(),
  /** The day filing opens, when it is a window (the annual return). */
  opensOn: z.string().nullable(),
  /** The rule in plain words, with its source. */
  rule: z.string(),
  done: z.boolean(),
});
export type ComplianceItem = z.infer<typeof complianceItemSchema>;

export const complianceCompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  registrationNumber: z.string(),
  registeredOn: z.string(),
  yearEndMonth: z.number().int(),
  vatCategory: z.enum(vatCategories).nullable(),
  bbbeeAffidavitOn: z.string().nullable(),
  items: z.array(complianceItemSchema),
  /** Compliance care for this company, when it was bought (issue 34 §3). */
  care: z
    .object({
      status: z.enum(['active', 'suspended', 'lapsed', 'cancelled']),
      coveredUntil: z.string(),
      autoRenew: z.boolean(),
    })
    .nullable(),
});
export type ComplianceCompany = z.infer<typeof complianceCompanySchema>;

export const complianceCalendarSchema = z.object({
  companies: z.array(complianceCompanySchema),
  /** The next due items of every company, soonest first (the dashboard panel). */
  next: z.array(complianceItemSchema.extend({ companyId: z.uuid(), companyName: z.string() })),
});
export type ComplianceCalendar = z.infer<typeof complianceCalendarSchema>;

export const complianceCompanyParams = z.object({ id: z.uuid() });
export const complianceItemParams = z.object({ id: z.uuid(), key: z.string().min(1).max(80) });

/** The catalogue package "we file it for you" puts in the cart. */
export const annualReturnFilingPackageId = 'compliance-annual-return-filing';

/** The yearly compliance-care package (issue 34 §3): a year of filings for one company. */
export const complianceCarePackageId = 'compliance-yearly-care';

/** What compliance care files for the customer; the other items stay theirs to mark done. */
export const careItemKinds = ['annual-return', 'beneficial-ownership'] as const;

/** `PATCH /api/compliance/companies/:id/care`: renewal on or off (form and route). */
export const complianceCareInputSchema = z.object({ autoRenew: z.boolean() });

/** A filing on the team's list (`GET /api/admin/compliance/filings`). */
export const complianceFilingTaskSchema = z.object({
  id: z.uuid(),
  companyName: z.string(),
  registrationNumber: z.string(),
  customerEmail: z.string(),
  title: z.string(),
  dueOn: z.string(),
  status: z.enum(['open', 'filed']),
  filedAt: z.string().nullable(),
  filedBy: z.string().nullable(),
  planStatus: z.enum(['active', 'suspended', 'lapsed', 'cancelled']),
});
export type ComplianceFilingTask = z.infer<typeof complianceFilingTaskSchema>;
export const complianceFilingListSchema = z.object({ items: z.array(complianceFilingTaskSchema) });
export type ComplianceFilingList = z.infer<typeof complianceFilingListSchema>;
export const complianceFilingParams = z.object({ id: z.uuid() });
