import type { Db } from '#db/client.ts';
import type { Config } from '../../config.ts';
import { createDnsimpleRegistrar } from './dnsimple-registrar.ts';
import { createLocalRegistrar } from './local-registrar.ts';
import type { Registrar } from './registrar.ts';

/** DNSimple when DNSIMPLE_TOKEN is set, otherwise the embedded local registrar. */
export function createRegistrar(config: Pick<Config, 'dnsimple'>, db: Db): Registrar {
  return config.dnsimple ? createDnsimpleRegistrar(config.dnsimple) : createLocalRegistrar(db);
}
