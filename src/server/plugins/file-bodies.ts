import type { FastifyInstance } from 'fastify';
import { errorResponses } from '#shared/errors.ts';
import { downloadSchema } from '#shared/http.schemas.ts';
import { AppError } from './errors.ts';

/**
 * Lets the routes of one scope take a file as the raw request body (`application/octet-stream`),
 * as a Buffer; each such route sets its own `bodyLimit`. Elsewhere such a body is still refused.
 */
export function acceptFileBodies(scope: Pick<FastifyInstance, 'addContentTypeParser'>): void {
  scope.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer' },
    (_request, body, done) => done(null, body),
  );
}

/** The uploaded file of a request, or a 400 saying how to send one. */
export function fileBody(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  throw new AppError('VALIDATION_ERROR', {
    message: 'Send the file itself as the body (Content-Type: application/octet-stream).',
  });
}

/** The answers of a route that sends an uploaded file back as a download. */
export const fileDownloadResponses = {
  200: { content: { 'application/octet-stream': { schema: downloadSchema } } },
  ...errorResponses(400, 401, 404),
};
