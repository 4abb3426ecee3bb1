import {
  checkNotification,
  reportUnconfirmedNotification,
} from '../features/payments/payment-notifications.service.ts';
import type { PaymentDeps } from '../features/payments/payments.service.ts';
import { recordItnVerdict } from '../features/metrics/metrics.service.ts';
import { PaymentMethodUnavailableError } from '../integrations/payment-methods/payment-method.ts';
import { bringForward } from './queue.ts';
import type { JobHandler } from './runner.ts';

/** The administrators hear of a notification the method will not confirm after this many tries. */
export const alertAfterTries = 3;

/**
 * Checks one stored payment notification (PayFast's ITN) and applies it when it holds. Without
 * the method's verdict on its confirmation the job fails this try and the queue tries again
 * (job-types.ts: at least 24 hours); the administrators are told after a few tries and when it
 * gives up. A check that gets through after failing brings the other waiting checks forward.
 */
export const checkPaymentNotificationJob =
  (deps: Omit<PaymentDeps, 'db'>): JobHandler<'check-payment-notification'> =>
  async ({ notificationId }, { db, log, attempt, lastAttempt }) => {
    try {
      const verdict = await checkNotification({ ...deps, db }, notificationId);
      // The confirmation lag for the metrics; a figure lost is not worth failing the job for.
      if (verdict) {
        await recordItnVerdict(db, notificationId).catch((error: unknown) =>
          log.warn({ err: error }, 'ITN confirmation lag not recorded'),
        );
      }
      if (verdict && !verdict.accepted) {
        log.warn(`payment notification ${notificationId} refused: ${verdict.reason}`);
      }
      // The method answers again after an outage: the other notifications waiting for it are
      // checked now, not at the end of their back-off (up to an hour away).
      if (attempt > 1) await bringForward(db, 'check-payment-notification');
    } catch (error) {
      if (
        error instanceof PaymentMethodUnavailableError &&
        (attempt === alertAfterTries || lastAttempt)
      ) {
        await reportUnconfirmedNotification(
          { ...deps, db },
          { notificationId, error: error.message, tries: attempt, final: lastAttempt },
        );
      }
      throw error;
    }
  };
