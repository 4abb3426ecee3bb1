import type { Database } from '#db/client.ts';
import type { AppInstance } from '../app-instance.ts';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Every route registered, as "METHOD /path" (tests walk it). */
    routeList: string[];
  }
}

/**
 * The configuration and the database every feature reads; the database is closed with the app
 * unless the caller owns it (tests).
 */
export function registerInfrastructure(
  app: AppInstance,
  options: { config: Config; database: Database; ownsDatabase: boolean },
): void {
  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('routeList', [] as string[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeList.push(`${method} ${route.url}`);
    }
  });
  app.addHook('onClose', async () => {
    if (options.ownsDatabase) await options.database.close();
  });
}
