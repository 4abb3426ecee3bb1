import { z } from 'zod';
import { pageNumberSchema, pageOf } from './paging.ts';

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** `GET /api/admin/jobs?status=&page=`: failed jobs unless another status is asked for. */
export const jobsQuerySchema = z.object({
  status: z
    .enum(jobStatuses, { error: 'Status must be queued, running, done or failed' })
    .default('failed'),
  page: pageNumberSchema,
});
export type JobsQuery = z.input<typeof jobsQuerySchema>;

/** One background job as the back office lists it. */
export const jobItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** What the job is about, e.g. `{ "orderId": "…" }`. */
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(jobStatuses),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.string().nullable(),
  runAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobItem = z.infer<typeof jobItemSchema>;

export const jobPageSchema = pageOf(jobItemSchema);
export type JobPage = z.infer<typeof jobPageSchema>;

export const jobIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Not a job id' }).int('Not a job id').positive('Not a job id'),
});
