import type { Db } from '#db/client.ts';
import type { Config } from '../../config.ts';
import { createDnsimpleRegistrar } from './dnsimple-registrar.ts';
import { createLocalRegistrar } from './local-registrar.ts';
import { observePort } from '../../features/metrics/observe-port.ts';
import { RegistrarError, type Registrar } from './registrar.ts';

/**
 * DNSimple when DNSIMPLE_TOKEN is set, otherwise the embedded local registrar. Every call is
 * counted for the metrics here, at the port: a RegistrarError is the registrar failing or
 * refusing; anything else (no such record) is an answer, not an error of the registrar.
 */
export function createRegistrar(config: Pick<Config, 'dnsimple'>, db: Db): Registrar {
  const registrar = config.dnsimple
    ? createDnsimpleRegistrar(config.dnsimple)
    : createLocalRegistrar(db);
  return observePort('registrar', registrar, (error) =>
    error instanceof RegistrarError ? (error.transient ? 'unavailable' : 'refused') : null,
  );
}
