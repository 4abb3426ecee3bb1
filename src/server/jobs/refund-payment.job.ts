import { carryOutRefund } from '../features/payments/refund-payouts.service.ts';
import type { RefundDeps } from '../features/payments/refunds.service.ts';
import { PaymentMethodRefusedError } from '../integrations/payment-methods/payment-method.ts';
import { PermanentJobError, type JobHandler } from './runner.ts';

/**
 * Gives money back through PayFast. PayFast's "no" ends the job (the refund is marked failed and
 * the administrators are told); no answer at all is tried again with back-off.
 */
export const refundPaymentJob =
  (deps: Omit<RefundDeps, 'db'>): JobHandler<'refund-payment'> =>
  async ({ refundId }, { db, lastAttempt }) => {
    try {
      await carryOutRefund({ ...deps, db }, refundId, { lastAttempt });
    } catch (error) {
      if (error instanceof PaymentMethodRefusedError) throw new PermanentJobError(error.message);
      throw error;
    }
  };
