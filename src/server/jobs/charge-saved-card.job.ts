import {
  chargeOrderToSavedCard,
  type SavedCardChargeDeps,
} from '../features/saved-cards/saved-card-charges.service.ts';
import type { JobHandler } from './runner.ts';

/** Charges an order to its customer's saved card; no answer from PayFast is tried again. */
export const chargeSavedCardJob =
  (deps: Omit<SavedCardChargeDeps, 'db'>): JobHandler<'charge-saved-card'> =>
  async ({ orderId }, { db, lastAttempt }) => {
    await chargeOrderToSavedCard({ ...deps, db }, orderId, { lastAttempt });
  };
