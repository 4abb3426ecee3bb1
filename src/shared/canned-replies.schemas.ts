import { z } from 'zod';
import {
  fillPlaceholders as fillPlaceholdersOf,
  unknownPlaceholderMessage as placeholderMessage,
  unknownPlaceholders as unknownPlaceholdersOf,
} from './placeholders.ts';
import { departmentIds } from './ticket-desk.schemas.ts';

// Canned replies (issue 32 §2): answers the team keeps for common questions, with placeholders
// filled from the ticket when a reply is inserted.

export const cannedReplyPlaceholders = [
  'customer_first_name',
  'customer_name',
  'ticket_reference',
  'ticket_subject',
  'staff_name',
  'company_name',
] as const;
export type CannedReplyPlaceholder = (typeof cannedReplyPlaceholders)[number];

export const cannedReplyPlaceholderLabels: Record<CannedReplyPlaceholder, string> = {
  customer_first_name: "The customer's first name",
  customer_name: "The customer's full name",
  ticket_reference: 'The ticket reference (T-…)',
  ticket_subject: "The ticket's subject",
  staff_name: 'Your name, as the administrator replying',
  company_name: 'The company name',
};

export type PlaceholderValues = Record<CannedReplyPlaceholder, string>;

/** The placeholders in `body` that are not in the list, each once, in the order they appear. */
export const unknownPlaceholders = (body: string): string[] =>
  unknownPlaceholdersOf(body, cannedReplyPlaceholders);

export const unknownPlaceholderMessage = (unknown: string[]): string =>
  placeholderMessage(unknown, cannedReplyPlaceholders);

/** The reply with each placeholder replaced by its value on this ticket. */
export const fillPlaceholders = (body: string, values: PlaceholderValues): string =>
  fillPlaceholdersOf(body, values);

/** The first word of a name ("Thandi" of "Thandi Nkosi"), or the name when it has one word. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/** The values of a reply on one ticket, answered by one administrator. */
export function ticketPlaceholderValues(input: {
  ticket: { name: string; reference: string; subject: string };
  staffName: string;
  companyName: string;
}): PlaceholderValues {
  return {
    customer_first_name: firstNameOf(input.ticket.name),
    customer_name: input.ticket.name.trim().replace(/\s+/g, ' '),
    ticket_reference: input.ticket.reference,
    ticket_subject: input.ticket.subject,
    staff_name: input.staffName,
    company_name: input.companyName,
  };
}

export const cannedReplyTitleMax = 80;
export const cannedReplyBodyMax = 5000;

/**
 * POST /api/admin/canned-replies, PATCH /api/admin/canned-replies/{id}: the form's fields. An
 * empty department (the form's "every department") is null; a department left out of a PATCH is
 * kept, and of a POST is none.
 */
export const cannedReplyInputSchema = z.object({
  title: z
    .string({ error: 'Enter a title' })
    .trim()
    .min(2, 'Enter a title of at least 2 characters')
    .max(cannedReplyTitleMax, `Keep the title to ${cannedReplyTitleMax} characters`),
  body: z
    .string({ error: 'Enter the reply' })
    .trim()
    .min(2, 'Enter a reply of at least 2 characters')
    .max(cannedReplyBodyMax, `Keep the reply to ${cannedReplyBodyMax} characters`)
    .superRefine((body, context) => {
      const unknown = unknownPlaceholders(body);
      if (unknown.length > 0) {
        context.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown) });
      }
    }),
  departmentId: z
    .union([z.enum(departmentIds), z.literal(''), z.null()], { error: 'Choose a department' })
    .optional()
    .transform((department) => (department === '' ? null : department)),
});
export type CannedReplyInput = z.input<typeof cannedReplyInputSchema>;
export type CannedReplyValues = z.output<typeof cannedReplyInputSchema>;

export const cannedReplyIdParams = z.object({ id: z.uuid('Not a canned reply id') });

/** GET /api/admin/canned-replies: `department`'s replies come first (the ticket's own). */
export const cannedRepliesQuerySchema = z.object({
  department: z.enum(departmentIds, { error: 'Choose a department' }).optional(),
});
export type CannedRepliesQuery = z.infer<typeof cannedRepliesQuerySchema>;

export const cannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** Offered first on this department's tickets; null for every department. */
  departmentId: z.enum(departmentIds).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

export const cannedReplyListSchema = z.array(cannedReplySchema);

/** DELETE /api/admin/canned-replies/{id}: which reply went. */
export const cannedReplyDeletedSchema = z.object({ id: z.string(), title: z.string() });
export type CannedReplyDeleted = z.infer<typeof cannedReplyDeletedSchema>;

/** PATCH /api/admin/canned-replies/{id}: the fields sent are changed, the others kept. */
export const cannedReplyUpdateSchema = cannedReplyInputSchema
  .partial()
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Change the title, the reply or the department',
  });
export type CannedReplyUpdateInput = z.input<typeof cannedReplyUpdateSchema>;
