import { z } from 'zod';

// Dunning (issue 30 §2, §3, §6): the owners' policy per kind of service, the cases it runs, and
// the monthly amount they put at risk.

export const dunningKindSchema = z.enum(['monthly', 'domain', 'yearly']);
export type DunningKind = z.output<typeof dunningKindSchema>;

/** What each kind is called on the owners' page and in the lists. */
export const dunningKindLabels: Record<DunningKind, string> = {
  monthly: 'Monthly services',
  domain: 'Domain renewals',
  yearly: 'Yearly services',
};

const days = (what: string) =>
  z.coerce
    .number()
    .int(`${what} is a whole number of days`)
    .min(0, `${what} is 0 days or more`)
    .max(365, `${what} is at most 365 days`);

/** A list of days, distinct, from the largest (furthest from the due date) down. */
const dayList = (what: string) =>
  z
    .array(days(what).min(1, `${what} is at least 1 day`))
    .max(6, `At most 6 ${what.toLowerCase()}s`)
    .transform((list) => [...new Set(list)].sort((a, b) => b - a));

/** PUT /api/admin/dunning/policies/:kind: what an owner sets for one kind of service. */
export const dunningPolicyInputSchema = z
  .object({
    /** Days before the due date a reminder goes (a renewal's date). */
    reminderDays: dayList('Reminder'),
    /** Days after the due date a reminder to pay goes, while unpaid. */
    retryDays: dayList('Retry reminder'),
    /** Days after the due date the final notice goes. */
    graceDays: days('The grace period'),
    suspendDays: days('Suspension'),
    cancelDays: days('Cancellation'),
  })
  .refine((policy) => policy.suspendDays >= policy.graceDays, {
    path: ['suspendDays'],
    message: 'Suspension comes on or after the final notice (the end of the grace days)',
  })
  .refine((policy) => policy.cancelDays > policy.suspendDays, {
    path: ['cancelDays'],
    message: 'Cancellation comes after suspension',
  })
  .refine((policy) => policy.retryDays.every((day) => day < policy.graceDays), {
    path: ['retryDays'],
    message: 'Retry reminders go before the final notice (inside the grace days)',
  });
export type DunningPolicyInput = z.output<typeof dunningPolicyInputSchema>;

export const dunningKindParams = z.object({ kind: dunningKindSchema });

export const dunningPolicySchema = z.object({
  kind: dunningKindSchema,
  reminderDays: z.array(z.number().int()),
  retryDays: z.array(z.number().int()),
  graceDays: z.number().int(),
  suspendDays: z.number().int(),
  cancelDays: z.number().int(),
  /** Null while the kind follows the defaults. */
  updatedBy: z.string().nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type DunningPolicy = z.output<typeof dunningPolicySchema>;

export const dunningPolicyListSchema = z.object({ items: z.array(dunningPolicySchema) });

export const dunningStepKindSchema = z.enum([
  'reminder',
  'retry',
  'final-notice',
  'suspend',
  'cancel',
]);

export const dunningStepSchema = z.object({
  step: z.string(),
  kind: dunningStepKindSchema,
  dueAt: z.iso.datetime(),
  doneAt: z.iso.datetime().nullable(),
  note: z.string().nullable(),
});

export const dunningCaseSchema = z.object({
  id: z.uuid(),
  kind: dunningKindSchema,
  title: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['open', 'paid', 'cancelled']),
  dueAt: z.iso.datetime(),
  openedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  suspendedAt: z.iso.datetime().nullable(),
  orderReference: z.string(),
  subscriptionReference: z.string().nullable(),
  customer: z.object({ id: z.uuid(), fullName: z.string(), email: z.string() }).nullable(),
  steps: z.array(dunningStepSchema),
});
export type DunningCase = z.output<typeof dunningCaseSchema>;

export const dunningCaseListSchema = z.object({
  items: z.array(dunningCaseSchema),
  /** What the open monthly cases would bring in each month (issue 30 §6). */
  mrrAtRiskCents: z.number().int(),
});
export type DunningCaseList = z.output<typeof dunningCaseListSchema>;

/** GET /api/pay-link?token=…, POST /api/pay-link/payfast: the token of a mail's pay link. */
export const payLinkTokenSchema = z.object({ token: z.string().min(20).max(200) });

/** GET /api/pay-links/{token}: what the link pays, to show before going to PayFast. */
export const payLinkSchema = z.object({
  orderReference: z.string(),
  /** The order's lines, as on its invoice. */
  items: z.array(z.string()),
  dueCents: z.number().int(),
  /** Paid meanwhile, or closed (cancelled): nothing to pay. */
  status: z.enum(['payable', 'paid', 'closed']),
});
export type PayLink = z.output<typeof payLinkSchema>;
