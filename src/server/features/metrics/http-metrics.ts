import type { FastifyInstance } from 'fastify';
import { httpDuration, httpRequests } from './process-metrics.ts';

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts and times every answered request by its route's pattern (`/api/orders/:reference`),
 * never the raw URL: one series per route, however many orders, tokens or probing scanners
 * there are. A request no route matched is `(unmatched)`; an unusual method is `OTHER`.
 */
export function recordHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: knownMethods.has(request.method) ? request.method : 'OTHER',
      route: request.routeOptions.url ?? '(unmatched)',
      status: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}
