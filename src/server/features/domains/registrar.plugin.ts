import type { AppInstance } from '../../app-instance.ts';
import type { Registrar } from '../../integrations/registrar/registrar.ts';
import { createDomainChecker, type DomainChecker } from './domain-check.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    registrar: Registrar;
    /** Prices and caches availability answers (domains, orders and registrar settings share it). */
    domainChecker: DomainChecker;
  }
}

export function registerRegistrar(app: AppInstance, registrar: Registrar): void {
  app.decorate('registrar', registrar);
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
