import { z } from 'zod';

/**
 * Every kind of background job: its payload (validated when enqueued and again when run) and
 * how often it is tried before it is parked as failed for the back office. Adding a job is one
 * entry here and one `<name>.job.ts` handler.
 */
export const jobTypes = {
  'send-mail': { payload: z.object({ mailId: z.uuid() }), maxAttempts: 5 },
  // PayFast does not resend an ITN it got a 200 for: its confirmation is tried for over 24 hours
  // (1, 2, 4 … 32 minutes, then hourly: 30 tries span 24 h 3 min).
  'check-itn': { payload: z.object({ itnId: z.number().int().positive() }), maxAttempts: 30 },
  'register-domain': { payload: z.object({ orderId: z.uuid() }), maxAttempts: 5 },
} as const satisfies Record<string, { payload: z.ZodType; maxAttempts: number }>;

export type JobName = keyof typeof jobTypes;
export type JobPayload<N extends JobName> = z.output<(typeof jobTypes)[N]['payload']>;

export const jobNames = Object.keys(jobTypes) as JobName[];

/** Seconds before the next try after `attempt` failed tries: 1, 2, 4, 8 … minutes, at most 1 h. */
export const retryDelaySeconds = (attempt: number): number =>
  Math.min(60 * 2 ** Math.max(0, attempt - 1), 3600);
