import type { FastifyBaseLogger } from 'fastify';
import {
  dueDomainOrders,
  registerDomainOrder,
  type RegistrationDeps,
} from './domain-orders.service.ts';

const scanEveryMs = 30_000;

/**
 * Registers paid domain orders: on `kick()` (after a payment) and every 30 s for retries, so an
 * order paid before a restart is registered after it. Rows in PostgreSQL are the job queue.
 */
export function createDomainRegistrationWorker(
  deps: RegistrationDeps & { log: FastifyBaseLogger },
) {
  let running: Promise<void> | null = null;
  let closed = false;

  async function drain(): Promise<void> {
    for (const id of await dueDomainOrders(deps.db)) {
      if (closed) return;
      await registerDomainOrder(deps, id).catch((error: unknown) =>
        deps.log.error({ err: error, orderId: id }, 'domain registration crashed'),
      );
    }
  }

  function run(): Promise<void> {
    if (closed) return Promise.resolve();
    running ??= drain()
      .catch((error: unknown) => deps.log.error({ err: error }, 'domain registration scan failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void run(), scanEveryMs);
  timer.unref();
  return {
    run,
    kick: () => void run(),
    async close() {
      clearInterval(timer);
      closed = true;
      await running;
    },
  };
}
