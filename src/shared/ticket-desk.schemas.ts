import { z } from 'zod';
import type { TicketCategory, TicketSource } from './tickets.schemas.ts';

/** The desk's departments; each has its own address, staff and alerts (owners set them). */
export const departmentIds = ['sales', 'support', 'billing'] as const;
export type DepartmentId = (typeof departmentIds)[number];

export const departmentLabels: Record<DepartmentId, string> = {
  sales: 'Sales',
  support: 'Support',
  billing: 'Billing',
};

/**
 * Where a new ticket lands: billing questions with billing; a visitor's message from the contact
 * form (someone who is not a customer yet) with sales; everything else with support.
 */
export function departmentFor(ticket: { category: TicketCategory; source: TicketSource }) {
  if (ticket.category === 'billing') return 'billing' satisfies DepartmentId;
  return ticket.source === 'contact_form'
    ? ('sales' satisfies DepartmentId)
    : ('support' satisfies DepartmentId);
}

export const ticketPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof ticketPriorities)[number];

export const ticketPriorityLabels: Record<TicketPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

const hourMs = 60 * 60 * 1000;

/**
 * Response-time targets per priority, in calendar hours from the moment the ticket was opened:
 * the first reply the customer sees, and the resolution. The resolution clock is checked on the
 * team's turn only (a ticket awaiting the customer is not flagged until they answer).
 */
export const priorityTargets: Record<
  TicketPriority,
  { firstResponseHours: number; resolutionHours: number }
> = {
  urgent: { firstResponseHours: 1, resolutionHours: 8 },
  high: { firstResponseHours: 4, resolutionHours: 24 },
  normal: { firstResponseHours: 8, resolutionHours: 72 },
  low: { firstResponseHours: 24, resolutionHours: 168 },
};

export function targetsOf(ticket: { priority: TicketPriority; createdAt: Date }): {
  firstResponseDueAt: Date;
  resolutionDueAt: Date;
} {
  const target = priorityTargets[ticket.priority];
  const opened = ticket.createdAt.getTime();
  return {
    firstResponseDueAt: new Date(opened + target.firstResponseHours * hourMs),
    resolutionDueAt: new Date(opened + target.resolutionHours * hourMs),
  };
}

/** A ticket's response clock as the back office shows it. */
export const ticketClockSchema = z.object({
  firstResponseDueAt: z.string(),
  firstResponseAt: z.string().nullable(),
  resolutionDueAt: z.string(),
  /** Each target found missed (flagged once, with the staff alerted). */
  firstResponseBreached: z.boolean(),
  resolutionBreached: z.boolean(),
});
export type TicketClock = z.infer<typeof ticketClockSchema>;

/** Days a ticket waits on the customer before it closes itself, with a mail some days before. */
export const awaitingCloseDays = 10;
export const awaitingWarnDays = 7;

/** PATCH /api/admin/tickets/{reference}: the desk's fields (beside state and assignee). */
export const departmentSchema = z.enum(departmentIds, { error: 'Choose a department' });
export const prioritySchema = z.enum(ticketPriorities, { error: 'Choose a priority' });

export const departmentStaffSchema = z.object({ id: z.string(), name: z.string() });

export const supportDepartmentSchema = z.object({
  id: z.enum(departmentIds),
  name: z.string(),
  email: z.string().nullable(),
  alertNewTicket: z.boolean(),
  alertCustomerReply: z.boolean(),
  alertBreach: z.boolean(),
  staff: z.array(departmentStaffSchema),
});
export type SupportDepartment = z.infer<typeof supportDepartmentSchema>;

export const supportDepartmentsSchema = z.object({
  departments: z.array(supportDepartmentSchema),
  /** Who can be put in a department. */
  administrators: z.array(departmentStaffSchema),
});
export type SupportDepartments = z.infer<typeof supportDepartmentsSchema>;

/** PATCH /api/admin/support-departments/{id} (owners). */
export const departmentUpdateSchema = z.object({
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(2, 'Enter a name of at least 2 characters')
    .max(60, 'Keep the name under 60 characters'),
  email: z
    .union([z.literal(''), z.email('Enter a valid e-mail address').max(254)])
    .transform((email) => (email === '' ? null : email.toLowerCase())),
  alertNewTicket: z.boolean(),
  alertCustomerReply: z.boolean(),
  alertBreach: z.boolean(),
  staffIds: z.array(z.uuid('Choose an administrator')).max(50),
});
export type DepartmentUpdateInput = z.input<typeof departmentUpdateSchema>;

export const ticketRatings = ['good', 'bad'] as const;
export type TicketRating = (typeof ticketRatings)[number];

/** POST /api/ticket-rating: the customer's one click in the closing mail. */
export const ticketRatingSchema = z.object({
  token: z.string().trim().min(20, 'That link is incomplete').max(200),
  rating: z.enum(ticketRatings, { error: 'Choose good or bad' }),
});
export type TicketRatingInput = z.input<typeof ticketRatingSchema>;

export const ticketRatingAnswerSchema = z.object({
  reference: z.string(),
  subject: z.string(),
  rating: z.enum(ticketRatings),
});

/** GET /api/admin/support-ratings: the ratings of the last `days` days, per department. */
export const supportRatingsSchema = z.object({
  days: z.number(),
  departments: z.array(
    z.object({
      id: z.enum(departmentIds),
      name: z.string(),
      good: z.number(),
      bad: z.number(),
      /** Closed tickets that were not rated. */
      unrated: z.number(),
    }),
  ),
});
export type SupportRatings = z.infer<typeof supportRatingsSchema>;
