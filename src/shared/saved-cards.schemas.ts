import { z } from 'zod';

/** One card the customer keeps for renewals (GET /api/saved-cards), newest first. */
export const savedCardSchema = z.object({
  id: z.uuid(),
  /** "Card saved 27 November 2026": PayFast tells no card digits. */
  label: z.string(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const savedCardParams = z.object({ id: z.uuid() });

/** POST /api/subscriptions/{reference}/replace-card: PayFast's page to replace the card. */
export const replaceCardSchema = z.object({ url: z.string() });
export type ReplaceCard = z.infer<typeof replaceCardSchema>;
