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
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`${config.site.siteName} is serving on ${config.publicUrl} (${app.database.kind})`);
}
