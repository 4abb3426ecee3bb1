import { z } from 'zod';

/**
 * POST /api/admin/tickets/{reference}/merge: the ticket this one goes into. Staff copy the
 * reference from a mail or the list, so spaces and lower case are forgiven.
 */
export const ticketMergeSchema = z.object({
  into: z
    .string({ error: "Enter the other ticket's reference" })
    .trim()
    .toUpperCase()
    .min(1, "Enter the other ticket's reference")
    .regex(/^T-[A-Z0-9]{4,12}$/, 'A ticket reference looks like T-7KQ2MX'),
});
export type TicketMergeInput = z.input<typeof ticketMergeSchema>;
