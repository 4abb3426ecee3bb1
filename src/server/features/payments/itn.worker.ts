import type { FastifyBaseLogger } from 'fastify';
import { createJobLoop } from '../../lib/job-loop.ts';
import { checkItn, uncheckedItns, type PaymentDeps } from './payments.service.ts';

/**
 * Checks stored ITNs: on `kick()` right after one is stored, and every 30 s for any a restart or
 * a crash left unchecked. `run()` resolves once everything stored before the call is checked.
 */
export function createItnWorker(
  deps: PaymentDeps & { log: FastifyBaseLogger; onPaid: () => void },
) {
  return createJobLoop({
    name: 'PayFast ITN check',
    everyMs: 30_000,
    log: deps.log,
    async drain(stopping) {
      for (let batch = await uncheckedItns(deps.db); batch.length > 0;) {
        for (const id of batch) {
          if (stopping()) return;
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
    },
  });
}
