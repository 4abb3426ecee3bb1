import { carryOutCancellation } from '../features/subscriptions/subscription-cancellation.service.ts';
import type { SubscriptionDeps } from '../features/subscriptions/subscriptions.service.ts';
import { PaymentMethodRefusedError } from '../integrations/payment-methods/payment-method.ts';
import { PermanentJobError, type JobHandler } from './runner.ts';

/** Asks PayFast to stop a subscription; its "no" ends the job, no answer is tried again. */
export const cancelSubscriptionJob =
  (deps: Omit<SubscriptionDeps, 'db'>): JobHandler<'cancel-subscription'> =>
  async ({ subscriptionId }, { db, lastAttempt }) => {
    try {
      await carryOutCancellation({ ...deps, db }, subscriptionId, { lastAttempt });
    } catch (error) {
      if (error instanceof PaymentMethodRefusedError) throw new PermanentJobError(error.message);
      throw error;
    }
  };
