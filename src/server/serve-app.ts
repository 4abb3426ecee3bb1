import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';

/** How long idle kept-alive connections stay open once the server stops (see below). */
const idleGraceMs = 2_000;

/**
 * Starts the app in this process (alone, or as one worker of the primary's), and stops it
 * cleanly: in-flight requests finish, the database closes.
 */
export async function serveApp(config: Config): Promise<void> {
  const app = await buildApp(config);
  let closing = false;
  // A client may send its next request on a kept-alive connection just as the server drops it:
  // while stopping, every answer says `Connection: close`, and idle connections are dropped only
  // after a moment, so the clients still using one learn it from their next answer instead.
  app.server.prependListener('request', (_request, response) => {
    if (closing) response.setHeader('connection', 'close');
  });
  const closeIdleConnections = app.server.closeIdleConnections.bind(app.server);
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.server.closeIdleConnections = () => {};
    setTimeout(closeIdleConnections, idleGraceMs).unref();
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      app.log.error('Shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  // A worker is reloaded by its primary. Alone (WEB_CONCURRENCY=1) there is nobody to take over
  // while it restarts, and SIGHUP's default would end the process: say so and keep serving.
  if (!cluster.isWorker) {
    process.on('SIGHUP', () =>
      app.log.warn(
        'SIGHUP received: a reload without dropping requests needs WEB_CONCURRENCY above 1; restart the service to load a new version',
      ),
    );
  }
  if (config.trustProxy !== false && ['0.0.0.0', '::'].includes(config.host)) {
    app.log.warn(
      `TRUST_PROXY is set while the app listens on every address (HOST=${config.host}): whoever reaches its port directly can claim any address in X-Forwarded-For. Behind a proxy on this machine, set HOST=127.0.0.1`,
    );
  }
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`${config.site.siteName} is serving on ${config.publicUrl} (${app.database.kind})`);
}
