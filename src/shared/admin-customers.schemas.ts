import { z } from 'zod';
import { pageNumberSchema, pageOf } from './paging.ts';

/** Customers shown on one page of the back-office list. */
export const customersPageSize = 25;

/** The list's filters: unpaid orders (awaiting payment), active subscriptions. */
export const customerFilters = ['unpaid', 'subscribed'] as const;
export type CustomerFilter = (typeof customerFilters)[number];
export const customerFilterLabels: Record<CustomerFilter, string> = {
  unpaid: 'Has unpaid orders',
  subscribed: 'Has active subscriptions',
};

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-22')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** GET /api/admin/customers?q=&filter=&from=&to=&page= */
export const customerListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, 'Search with at most 200 characters')
    .optional()
    .transform((value) => value || undefined),
  filter: z
    .enum(customerFilters, { error: 'Choose a filter from the list' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Signed up on or after this South African day. */
  from: isoDay,
  /** Signed up on or before this South African day. */
  to: isoDay,
  page: pageNumberSchema,
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerPageSchema = pageOf(customerSummarySchema);
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const customerIdParams = z.object({ id: z.uuid('Not a customer id') });

/** One record of the customer's on the customer page: what it is, its state, when, its amount. */
export const customerRecordSchema = z.object({
  reference: z.string(),
  title: z.string(),
  status: z.string(),
  date: z.string(),
  /** Rand, when the record is an amount. */
  amount: z.number().nullable(),
});
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

export const customerNoteSchema = z.object({
  id: z.string(),
  author: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const customerAuditEntrySchema = z.object({
  id: z.number(),
  actor: z.string(),
  action: z.string(),
  createdAt: z.string(),
});

/** The record kinds of the customer page, in the order of its sections. */
export const customerRecordKinds = [
  'orders',
  'invoices',
  'quotes',
  'payments',
  'subscriptions',
  'domains',
  'tickets',
  'projects',
  'businessPlans',
  'speedReports',
] as const;
export type CustomerRecordKind = (typeof customerRecordKinds)[number];
export const customerRecordLabels: Record<CustomerRecordKind, string> = {
  orders: 'Orders',
  invoices: 'Invoices',
  quotes: 'Quotes',
  payments: 'Payments',
  subscriptions: 'Subscriptions',
  domains: 'Domains',
  tickets: 'Support tickets',
  projects: 'Website projects',
  businessPlans: 'Business plans',
  speedReports: 'Speed reports',
};

/** GET /api/admin/customers/{id} */
export const customerDetailSchema = z.object({
  customer: customerSummarySchema.extend({
    address: z.string().nullable(),
    vatNumber: z.string().nullable(),
    lastSignInAt: z.string().nullable(),
    deleted: z.boolean(),
  }),
  /** Account credit in rand; null for staff (money is the owners'). */
  credit: z.number().nullable(),
  records: z.record(z.enum(customerRecordKinds), z.array(customerRecordSchema)),
  audit: z.array(customerAuditEntrySchema),
  notes: z.array(customerNoteSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** POST /api/admin/customers/{id}/notes */
export const customerNoteInputSchema = z.object({
  body: z
    .string({ error: 'Write the note' })
    .trim()
    .min(1, 'Write the note')
    .max(2000, 'Keep the note under 2,000 characters'),
});
export type CustomerNoteInput = z.input<typeof customerNoteInputSchema>;

/** POST /api/admin/customers/{id}/password-reset and …/verification: what was mailed. */
export const customerMailSentSchema = z.object({ sent: z.boolean(), message: z.string() });
export type CustomerMailSent = z.infer<typeof customerMailSentSchema>;
