import type { AppInstance } from '../../app-instance.ts';
import { processMetricsText } from './cluster-metrics.ts';
import { createDatabaseMetrics } from './database-metrics.ts';
import { metricsGate } from './metrics-access.ts';
import { processRegistry, watchPool } from './process-metrics.ts';

/**
 * `GET /metrics` in Prometheus' text format, for a scraper on an address METRICS_ALLOW lists or
 * one sending `Authorization: Bearer <METRICS_TOKEN>`. Anyone else gets the 404 of a route that
 * does not exist: the figures (routes, traffic, failures) are nobody else's business, and the
 * address is not advertised to the scanners that probe every site for /metrics.
 */
export async function metricsRoutes(app: AppInstance): Promise<void> {
  const gate = metricsGate(app.config.metrics);
  const databaseMetrics = createDatabaseMetrics(app.database);
  if (app.database.poolUse) {
    const unwatch = watchPool(app.database.poolUse);
    app.addHook('onClose', async () => {
      unwatch();
    });
  }

  app.get('/metrics', async (request, reply) => {
    if (!gate(request)) {
      return reply.status(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    }
    const [processText, databaseText] = await Promise.all([
      processMetricsText({
        onFallback: (why) =>
          request.log.warn(`metrics: this worker's figures only (${why.message})`),
      }),
      databaseMetrics.metrics(),
    ]);
    return reply
      .header('content-type', processRegistry.contentType)
      .header('cache-control', 'no-store')
      .send(processText + databaseText);
  });
}
