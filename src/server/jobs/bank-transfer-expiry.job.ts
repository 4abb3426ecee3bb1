import type { Config } from '../config.ts';
import { expireBankTransfer } from '../features/payments/bank-transfer-expiry.service.ts';
import type { JobHandler } from './runner.ts';

/** Cancels an order whose bank transfer did not arrive in time; what it received becomes credit. */
export const bankTransferExpiryJob =
  (deps: { config: Config }): JobHandler<'bank-transfer-expiry'> =>
  async ({ paymentId }, { db, log }) => {
    if (await expireBankTransfer({ db, config: deps.config }, paymentId))
      log.info({ paymentId }, 'unpaid bank transfer order cancelled');
  };
