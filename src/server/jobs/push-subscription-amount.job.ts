import { pushSubscriptionAmount } from '../features/subscriptions/subscription-amount.service.ts';
import type { SubscriptionDeps } from '../features/subscriptions/subscriptions.service.ts';
import { PaymentMethodRefusedError } from '../integrations/payment-methods/payment-method.ts';
import { PermanentJobError, type JobHandler } from './runner.ts';

/** Tells PayFast a subscription's new monthly amount; its "no" ends the job, no answer is retried. */
export const pushSubscriptionAmountJob =
  (deps: Omit<SubscriptionDeps, 'db'>): JobHandler<'push-subscription-amount'> =>
  async ({ subscriptionId }, { db, lastAttempt }) => {
    try {
      await pushSubscriptionAmount({ ...deps, db }, subscriptionId, { lastAttempt });
    } catch (error) {
      if (error instanceof PaymentMethodRefusedError) throw new PermanentJobError(error.message);
      throw error;
    }
  };
