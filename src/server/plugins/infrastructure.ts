import type { Database } from '#db/client.ts';
import type { AppInstance } from '../app-instance.ts';
import type { Config } from '../config.ts';
import { appSecretText, createSecretBox, type SecretBox } from '../lib/secret-box.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Seals and opens the secrets kept in the database (APP_SECRET's key). */
    secretBox: SecretBox;
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
  app.decorate('secretBox', createSecretBox(appSecretText(options.config.appSecret)));
  app.addHook('onClose', async () => {
    if (options.ownsDatabase) await options.database.close();
  });
}
