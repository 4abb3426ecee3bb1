import type { Config } from '../config.ts';
import { remindBankTransfer } from '../features/payments/bank-transfer-expiry.service.ts';
import type { JobHandler } from './runner.ts';

/** Reminds a customer whose order waits for a bank transfer that it is cancelled soon. */
export const bankTransferReminderJob =
  (deps: { config: Config }): JobHandler<'bank-transfer-reminder'> =>
  async ({ paymentId }, { db, log }) => {
    if (await remindBankTransfer({ db, config: deps.config }, paymentId))
      log.info({ paymentId }, 'bank transfer reminder sent');
  };
