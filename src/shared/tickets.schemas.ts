import { z } from 'zod';
import { MAX_UPLOAD_BYTES, uploadSchema } from './uploads.schemas.ts';
import { pageNumberSchema, pageOf } from './paging.ts';
import {
  departmentIds,
  departmentSchema,
  prioritySchema,
  ticketClockSchema,
  ticketPriorities,
  ticketRatings,
} from './ticket-desk.schemas.ts';

export const ticketCategories = ['billing', 'domains', 'website', 'other'] as const;
export type TicketCategory = (typeof ticketCategories)[number];

export const ticketCategoryLabels: Record<TicketCategory, string> = {
  billing: 'Billing',
  domains: 'Domains',
  website: 'Website',
  other: 'Other',
};

/** Where a ticket was opened: the customer area, the contact form, or an e-mail to support. */
export const ticketSources = ['dashboard', 'contact_form', 'email'] as const;
export type TicketSource = (typeof ticketSources)[number];

export const ticketSourceLabels: Record<TicketSource, string> = {
  dashboard: 'From the dashboard',
  contact_form: 'From the contact form',
  email: 'By e-mail to support',
};

/** open → awaiting customer → resolved → closed (7 days after resolved, unless the customer replies). */
export const ticketStates = ['open', 'awaiting_customer', 'resolved', 'closed'] as const;
export type TicketState = (typeof ticketStates)[number];

export const ticketStateLabels: Record<TicketState, string> = {
  open: 'Open',
  awaiting_customer: 'Awaiting your reply',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** The same states as the back office names them (it is the one waiting on the customer). */
export const adminTicketStateLabels: Record<TicketState, string> = {
  ...ticketStateLabels,
  awaiting_customer: 'Awaiting customer',
};

/** Days a resolved ticket stays resolved before it closes itself. */
export const autoCloseDays = 7;

const messageText = z
  .string({ error: 'Write your message' })
  .trim()
  .min(2, 'Write your message')
  .max(5000, 'Keep the message under 5000 characters');

/** How many files a new ticket may carry (each checked like any upload). */
export const maxNewTicketFiles = 5;

/** A file sent with a new ticket: its name and its bytes in base64 (a JSON body). */
export const ticketFileSchema = z.object({
  filename: z.string().trim().min(1, 'Name the file').max(200, 'Keep the file name short'),
  content: z
    .base64('The file did not arrive whole')
    .max(
      Math.ceil(MAX_UPLOAD_BYTES / 3) * 4,
      `Files may be ${MAX_UPLOAD_BYTES / 1024 / 1024} MB at most`,
    ),
});
export type TicketFile = z.infer<typeof ticketFileSchema>;

/** The JSON body of a new ticket with the most files, each as large as allowed. */
export const newTicketBodyLimit =
  maxNewTicketFiles * (Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 1024) + 64 * 1024;

/** POST /api/tickets: a customer opens a ticket from the dashboard. */
export const newTicketSchema = z.object({
  subject: z
    .string({ error: 'Enter a subject' })
    .trim()
    .min(3, 'Enter a subject of at least 3 characters')
    .max(150, 'Keep the subject under 150 characters'),
  category: z.enum(ticketCategories, { error: 'Choose a category' }),
  message: messageText,
  files: z
    .array(ticketFileSchema)
    .max(maxNewTicketFiles, `Attach at most ${maxNewTicketFiles} files`)
    .default([]),
});
export type NewTicketInput = z.input<typeof newTicketSchema>;

/** POST /api/tickets/{reference}/messages, and a visitor's reply through the mailed link. */
export const ticketReplySchema = z.object({ message: messageText });
export type TicketReplyInput = z.input<typeof ticketReplySchema>;

/** The token of a mailed reply link. */
export const ticketLinkTokenSchema = z.string().trim().min(20, 'That link is incomplete').max(100);

export const ticketLinkQuerySchema = z.object({ token: ticketLinkTokenSchema });

/** POST /api/ticket-link/messages: a visitor's reply, with the token of the link they followed. */
export const ticketLinkReplySchema = ticketReplySchema.extend({ token: ticketLinkTokenSchema });

/** POST /api/admin/tickets/{reference}/messages: a reply to the customer, or an internal note. */
export const adminTicketReplySchema = z.object({
  message: messageText,
  internal: z.boolean().default(false),
});
export type AdminTicketReplyInput = z.input<typeof adminTicketReplySchema>;

/** PATCH /api/admin/tickets/{reference}: a new state, assignee (null: nobody), department or priority. */
export const ticketUpdateSchema = z
  .object({
    state: z.enum(ticketStates).optional(),
    assigneeId: z.uuid('Choose an administrator').nullable().optional(),
    departmentId: departmentSchema.optional(),
    priority: prioritySchema.optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Change the state, the assignee, the department or the priority',
  });
export type TicketUpdateInput = z.input<typeof ticketUpdateSchema>;

/** `?assignee=` of the back-office list: an administrator's id, or nobody. */
export const unassigned = 'unassigned';

export const adminTicketsQuerySchema = z.object({
  page: pageNumberSchema,
  state: z.enum(ticketStates).optional(),
  category: z.enum(ticketCategories).optional(),
  assignee: z.union([z.uuid(), z.literal(unassigned)]).optional(),
  department: z.enum(departmentIds).optional(),
  /** Only tickets with a missed response-time target. */
  breached: z.literal('true').optional(),
});
export type AdminTicketsQuery = z.output<typeof adminTicketsQuerySchema>;

export const ticketSummarySchema = z.object({
  reference: z.string(),
  subject: z.string(),
  category: z.enum(ticketCategories),
  state: z.enum(ticketStates),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When a resolved ticket closes itself unless the customer replies. */
  closesAt: z.string().nullable(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['customer', 'staff']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** The files that came with the message (the new-ticket form, a reply by e-mail). */
  files: z.array(uploadSchema),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A ticket as its customer sees it: never an internal note. */
export const ticketSchema = ticketSummarySchema.extend({
  messages: z.array(ticketMessageSchema),
  /** Files attached to the ticket on their own (not with a message), oldest first. */
  attachments: z.array(uploadSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const assigneeSchema = z.object({ id: z.string(), name: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;

export const adminTicketSummarySchema = ticketSummarySchema.extend({
  name: z.string(),
  email: z.string(),
  source: z.enum(ticketSources),
  assignee: assigneeSchema.nullable(),
  departmentId: z.enum(departmentIds),
  priority: z.enum(ticketPriorities),
  clock: ticketClockSchema,
  /** The ticket this one was merged into. */
  mergedInto: z.string().nullable(),
  rating: z.enum(ticketRatings).nullable(),
});
export type AdminTicketSummary = z.infer<typeof adminTicketSummarySchema>;

export const adminTicketSchema = adminTicketSummarySchema.extend({
  phone: z.string().nullable(),
  /** Whether the customer has an account (else they answer through the mailed link). */
  hasAccount: z.boolean(),
  messages: z.array(ticketMessageSchema.extend({ internal: z.boolean() })),
  attachments: z.array(uploadSchema),
  /** Who a ticket can be assigned to. */
  assignees: z.array(assigneeSchema),
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;

export const adminTicketPageSchema = pageOf(adminTicketSummarySchema).extend({
  assignees: z.array(assigneeSchema),
});
export type AdminTicketPage = z.infer<typeof adminTicketPageSchema>;
