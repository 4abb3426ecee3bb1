import type { FastifyBaseLogger } from 'fastify';
import { checkItn, uncheckedItns, type PaymentDeps } from './payments.service.ts';

const scanEveryMs = 30_000;

/**
 * Checks stored ITNs: on `kick()` right after one is stored, and every 30 s for any a restart or
 * a crash left unchecked. `run()` resolves once everything stored before the call is checked.
 */
export function createItnWorker(
  deps: PaymentDeps & { log: FastifyBaseLogger; onPaid: () => void },
) {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function drain(): Promise<void> {
    do {
      again = false;
      for (let batch = await uncheckedItns(deps.db); batch.length > 0 && !closed;) {
        for (const id of batch) {
          if (closed) return;
          const verdict = await checkItn(deps, id).catch((error: unknown) => {
            // The row stays claimed and is checked again once the claim expires.
            deps.log.error({ err: error, itn: id }, 'PayFast ITN check crashed');
            return null;
          });
          if (verdict && !verdict.accepted) deps.log.warn(`PayFast ITN refused: ${verdict.reason}`);
          if (verdict?.paidOrderId) deps.onPaid();
        }
        batch = await uncheckedItns(deps.db);
      }
    } while (again && !closed);
  }

  function run(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => deps.log.error({ err: error }, 'PayFast ITN scan failed'))
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
