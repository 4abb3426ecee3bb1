import { errorResponses } from '#shared/errors.ts';
import {
  jobIdParamsSchema,
  jobItemSchema,
  jobPageSchema,
  jobsQuerySchema,
} from '#shared/jobs.schemas.ts';
import type { AppInstance } from '../../app-instance.ts';
import { retryJob, listJobs } from '../../jobs/queue.ts';
import { AppError } from '../../plugins/errors.ts';
import { adminScope } from '../../plugins/signed-in-scopes.ts';
import { recordAudit } from './audit-log.service.ts';

/** The back office's view of the job queue: what failed, and trying it again. */
export async function jobRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;
  await adminScope(app, 'staff', (scoped) => {
    scoped.get(
      '/api/admin/jobs',
      {
        schema: {
          querystring: jobsQuerySchema,
          response: { 200: jobPageSchema, ...errorResponses(400, 401) },
        },
      },
      (request) => listJobs(db, request.query),
    );

    scoped.post(
      '/api/admin/jobs/:id/retry',
      {
        schema: {
          params: jobIdParamsSchema,
          response: { 200: jobItemSchema, ...errorResponses(400, 401, 403, 409, 413, 415) },
        },
      },
      (request) =>
        db.transaction(async (tx) => {
          const job = await retryJob(tx, request.params.id);
          if (!job) {
            throw new AppError('CONFLICT', { message: 'Only a failed job can be tried again' });
          }
          await recordAudit(tx, {
            adminId: request.admin.id,
            actor: request.admin.email,
            action: 'job.retry',
            entityType: 'job',
            entityId: `${job.name} #${job.id}`,
            details: { lastError: job.lastError },
            ip: request.ip,
          });
          return job;
        }),
    );
  });
}
