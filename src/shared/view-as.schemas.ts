import { z } from 'zod';

/** "View as customer" (decision 024): payloads of starting and ending a view, and its record. */

/** POST /api/admin/customers/:id/view-as: where the customer area opens. */
export const viewAsStartedSchema = z.object({ path: z.string() });
export type ViewAsStarted = z.infer<typeof viewAsStartedSchema>;

/** DELETE /api/admin/view-as: the customer the view showed, for the way back to their page. */
export const viewAsEndedSchema = z.object({ customerId: z.string().nullable() });
export type ViewAsEnded = z.infer<typeof viewAsEndedSchema>;

/** GET /api/user/team-views: each time a team member viewed the account as the customer. */
export const teamViewsSchema = z.object({
  views: z.array(z.object({ at: z.string(), by: z.string() })),
});
export type TeamViews = z.infer<typeof teamViewsSchema>;
