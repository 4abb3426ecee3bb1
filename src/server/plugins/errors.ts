import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isOutOfStorage } from '#db/client.ts';
import { errorStatus, issueCodes, type ApiErrorBody, type ErrorCode } from '#shared/errors.ts';

/** The one error services throw: a stable code and a message that is safe to show. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: ApiErrorBody['issues'];

  constructor(code: ErrorCode, options: { message: string; issues?: ApiErrorBody['issues'] }) {
    super(options.message);
    this.code = code;
    this.status = errorStatus[code];
    this.issues = options.issues;
  }
}

const codeForStatus = (status: number): ErrorCode =>
  (Object.entries(errorStatus).find(([, s]) => s === status)?.[0] as ErrorCode) ?? 'BAD_REQUEST';

/** One handler for every error: the shape of DESIGN.md, and a 5xx never says more than its name. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { error: error.message, code: error.code };
      if (error.issues) body.issues = error.issues;
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
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({
        error: 'The service is briefly unavailable. Please try again in a moment.',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    if (isOutOfStorage(error)) {
      // The operator must free space; until then nothing is half-written and callers (PayFast
      // among them) are told to come back, which they do.
      request.log.error({ err: error }, 'out of storage space: free disk space for the database');
      return reply.status(503).header('retry-after', '60').send({
        error: 'The service cannot save anything right now. Please try again in a few minutes.',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: 'Internal Server Error', code: 'INTERNAL' });
    }
    return reply.status(status).send({ error: error.message, code: codeForStatus(status) });
  });
}
