import type { FastifyBaseLogger } from 'fastify';
import {
  dueDomainOrders,
  registerDomainOrder,
  type RegistrationDeps,
} from './domain-orders.service.ts';
import { createJobLoop } from '../../lib/job-loop.ts';

/**
 * Registers paid domain orders: on `kick()` (after a payment) and every 30 s for retries, so an
 * order paid before a restart is registered after it. Rows in PostgreSQL are the job queue.
 */
export function createDomainRegistrationWorker(
  deps: RegistrationDeps & { log: FastifyBaseLogger },
) {
  return createJobLoop({
    name: 'domain registration scan',
    everyMs: 30_000,
    log: deps.log,
    async drain(stopping) {
      for (const id of await dueDomainOrders(deps.db)) {
        if (stopping()) return;
        await registerDomainOrder(deps, id).catch((error: unknown) =>
          deps.log.error({ err: error, orderId: id }, 'domain registration crashed'),
        );
      }
    },
  });
}
