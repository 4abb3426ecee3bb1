import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseFailure, type DatabaseFailure } from '#db/client.ts';
import { errorStatus, issueCodes, type ApiErrorBody, type ErrorCode } from '#shared/errors.ts';

/** The one error services throw: a stable code and a message that is safe to show. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: ApiErrorBody['issues'];
  /** Sent as `Retry-After` (a 503 or 429 that knows when to come back). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    options: { message: string; issues?: ApiErrorBody['issues']; retryAfterSeconds?: number },
  ) {
    super(options.message);
    this.code = code;
    this.status = errorStatus[code];
    this.issues = options.issues;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The 503 of each database failure: when to come back, what the caller reads, what is logged. */
const unavailable: Record<
  DatabaseFailure,
  { retryAfterSeconds: number; error: string; log: string }
> = {
  down: {
    retryAfterSeconds: 5,
    error: 'The service is briefly unavailable. Please try again in a moment.',
    log: 'database unavailable',
  },
  missing: {
    retryAfterSeconds: 60,
    error: 'The service is unavailable. Please try again in a few minutes.',
    log: 'database missing: the database DATABASE_URL names does not exist (dropped or renamed?)',
  },
  read_only: {
    retryAfterSeconds: 60,
    error: 'The service cannot save anything right now. Please try again in a few minutes.',
    log: 'database read-only: it refuses writes (a standby, or default_transaction_read_only)',
  },
  full: {
    retryAfterSeconds: 60,
    error: 'The service cannot save anything right now. Please try again in a few minutes.',
    log: 'out of storage space: free disk space for the database',
  },
};

/** When each kind of database failure was last answered 503 in this process. */
export interface DatabaseFailureLog {
  note(failure: DatabaseFailure): void;
  /** Whether `failure` was answered within the last `ms` milliseconds. */
  seenWithin(failure: DatabaseFailure, ms: number): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database failures the error handler answered lately (read by /api/health). */
    databaseFailures: DatabaseFailureLog;
  }
}

function databaseFailureLog(): DatabaseFailureLog {
  const lastSeen = new Map<DatabaseFailure, number>();
  return {
    note: (failure) => void lastSeen.set(failure, Date.now()),
    seenWithin: (failure, ms) => Date.now() - (lastSeen.get(failure) ?? -Infinity) <= ms,
  };
}

const codeForStatus = (status: number): ErrorCode =>
  (Object.entries(errorStatus).find(([, s]) => s === status)?.[0] as ErrorCode) ?? 'BAD_REQUEST';

/** One handler for every error: the shape of DESIGN.md, and a 5xx never says more than its name. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.decorate('databaseFailures', databaseFailureLog());
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { error: error.message, code: error.code };
      if (error.issues) body.issues = error.issues;
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      const coded = issues.find((issue) => issueCodes[issue.message]);
      if (coded) {
        return reply
          .status(400)
          .send({ error: coded.message, code: issueCodes[coded.message], issues });
      }
      const first = issues[0];
      const error_ = first
        ? `${first.path ? `${first.path}: ` : ''}${first.message}`
        : 'Invalid request';
      return reply.status(400).send({ error: error_, code: 'VALIDATION_ERROR', issues });
    }
    const failure = databaseFailure(error);
    if (failure) {
      // Not the request's fault: it is told to come back (PayFast among callers does), nothing
      // is half-written, and /api/health names the failure.
      const answer = unavailable[failure];
      app.databaseFailures.note(failure);
      if (failure === 'down') request.log.warn({ err: error }, answer.log);
      else request.log.error({ err: error }, answer.log);
      return reply
        .status(503)
        .header('retry-after', String(answer.retryAfterSeconds))
        .send({ error: answer.error, code: 'SERVICE_UNAVAILABLE' });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: 'Internal Server Error', code: 'INTERNAL' });
    }
    return reply.status(status).send({ error: error.message, code: codeForStatus(status) });
  });
}
