import type { AppInstance } from '../../app-instance.ts';
import type { RegistrarRouter } from '../../integrations/registrar/registrar-router.ts';
import { bringForward } from '../../jobs/queue.ts';
import { createDomainChecker, type DomainChecker } from './domain-check.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    registrar: RegistrarRouter;
    /** The owners' routing table as the registrar router reads it: forgotten when they change it. */
    registrarRoutes: { forget(): void };
    /** Prices and caches availability answers (domains, orders and registrar settings share it). */
    domainChecker: DomainChecker;
  }
}

export function registerRegistrar(
  app: AppInstance,
  registrar: RegistrarRouter,
  routes: { forget(): void },
): void {
  app.decorate('registrar', registrar);
  app.decorate('registrarRoutes', routes);
  // Domain work waiting on the registrar (our credentials refused, say, and fixed by a restart
  // with a new token) is tried again at the start, not after the rest of its back-off.
  app.addHook('onReady', async () => {
    for (const name of [
      'register-domain',
      'poll-domain-registration',
      'poll-domain-transfer',
    ] as const) {
      await bringForward(app.database.db, name).catch((error: unknown) =>
        app.log.warn({ err: error, job: name }, 'waiting domain jobs not brought forward at start'),
      );
    }
  });
  app.decorate(
    'domainChecker',
    createDomainChecker({
      db: app.database.db,
      registrar,
      usdZarRate: app.config.usdZarRate,
      vatRegistered: app.config.supplier.vatNumber !== undefined,
    }),
  );
}
