import type { FastifyInstance } from 'fastify';

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
