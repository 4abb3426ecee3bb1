import { z } from 'zod';

/** One step in the history of an order or a domain order. */
export const statusEventSchema = z.object({
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type StatusEvent = z.infer<typeof statusEventSchema>;
