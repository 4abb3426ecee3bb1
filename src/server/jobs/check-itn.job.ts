import {
  checkItn,
  ConfirmationUnavailableError,
  reportUnconfirmedItn,
  type PaymentDeps,
} from '../features/payments/payments.service.ts';
import { bringForward } from './queue.ts';
import type { JobHandler } from './runner.ts';

/** The administrators hear of an ITN PayFast will not confirm after this many tries. */
export const alertAfterTries = 3;

/**
 * Checks one stored PayFast ITN and applies it when it holds. Without PayFast's verdict on the
 * server confirmation the job fails this try and the queue tries again (job-types.ts: at least
 * 24 hours); the administrators are told after a few tries and when it gives up. A check that
 * gets through after failing brings the other waiting checks forward.
 */
export const checkItnJob =
  (deps: Omit<PaymentDeps, 'db'>): JobHandler<'check-itn'> =>
  async ({ itnId }, { db, log, attempt, lastAttempt }) => {
    try {
      const verdict = await checkItn({ ...deps, db }, itnId);
      if (verdict && !verdict.accepted) log.warn(`PayFast ITN ${itnId} refused: ${verdict.reason}`);
      // PayFast answers again after an outage: the other ITNs waiting for it are checked now, not
      // at the end of their back-off (up to an hour away).
      if (attempt > 1) await bringForward(db, 'check-itn');
    } catch (error) {
      if (
        error instanceof ConfirmationUnavailableError &&
        (attempt === alertAfterTries || lastAttempt)
      ) {
        await reportUnconfirmedItn(
          { ...deps, db },
          { itnId, error: error.message, tries: attempt, final: lastAttempt },
        );
      }
      throw error;
    }
  };
