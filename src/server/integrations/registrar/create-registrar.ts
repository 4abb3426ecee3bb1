import type { Db } from '#db/client.ts';
import type { Config } from '../../config.ts';
import { createDnsimpleRegistrar } from './dnsimple-registrar.ts';
import { createLocalRegistrar } from './local-registrar.ts';
import { observePort } from '../../features/metrics/observe-port.ts';
import { RegistrarError, type Registrar, type RegistrarProvider } from './registrar.ts';
import { createZacrRegistrar } from './zacr/zacr-registrar.ts';
import {
  createRegistrarRouter,
  type RegistrarRouter,
  type RegistrarRoutes,
} from './registrar-router.ts';

/**
 * Every registrar configured behind one router (decision 033): DNSimple, when DNSIMPLE_TOKEN is
 * set, is the default for endings without a route; the embedded local registrar is always there
 * (and the default without DNSimple); ZACR when its EPP settings are given. Every call is counted for the metrics per registrar: a
 * RegistrarError is the registrar failing or refusing; anything else (no such record) is an
 * answer, not an error of the registrar.
 */
export function createRegistrar(
  config: Pick<Config, 'dnsimple' | 'zacr'>,
  db: Db,
  routes: RegistrarRoutes & { heldAt(provider: RegistrarProvider): Promise<string[]> },
): RegistrarRouter & { close(): Promise<void> } {
  const local = createLocalRegistrar(db);
  // ZACR is a registry, not a DNS host: the records of its names are kept by the local store,
  // and its fees are the owners' TLD table (EPP has no prices; decision 032).
  const zacr = config.zacr
    ? createZacrRegistrar(config.zacr, {
        zones: local,
        tableCosts: local.endingPrices,
        heldNames: () => routes.heldAt('zacr'),
      })
    : undefined;
  const registrars: [Registrar, ...Registrar[]] = [
    ...(config.dnsimple ? [createDnsimpleRegistrar(config.dnsimple)] : []),
    local,
    ...(zacr ? [zacr] : []),
  ] as [Registrar, ...Registrar[]];
  const router = createRegistrarRouter({
    registrars: [...registrars].map((registrar) =>
      observePort(
        'registrar',
        registrar,
        (error) =>
          error instanceof RegistrarError ? (error.transient ? 'unavailable' : 'refused') : null,
        `${registrar.provider}.`,
      ),
    ) as [Registrar, ...Registrar[]],
    routes,
  });
  return { ...router, close: async () => zacr?.close() };
}
