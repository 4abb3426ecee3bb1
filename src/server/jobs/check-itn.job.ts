import { checkItn, type PaymentDeps } from '../features/payments/payments.service.ts';
import type { JobHandler } from './runner.ts';

/** Checks one stored PayFast ITN and applies it when it holds. */
export const checkItnJob =
  (deps: Omit<PaymentDeps, 'db'>): JobHandler<'check-itn'> =>
  async ({ itnId }, { db, log }) => {
    const verdict = await checkItn({ ...deps, db }, itnId);
    if (verdict && !verdict.accepted) log.warn(`PayFast ITN ${itnId} refused: ${verdict.reason}`);
  };
