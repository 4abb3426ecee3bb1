import {
  registerDomainOrder,
  type RegistrationDeps,
} from '../features/domains/domain-orders.service.ts';
import type { JobHandler } from './runner.ts';

/** Registers one paid domain order with the registrar. */
export const registerDomainJob =
  (deps: Omit<RegistrationDeps, 'db'>): JobHandler<'register-domain'> =>
  async ({ orderId }, { db, lastAttempt }) => {
    await registerDomainOrder({ ...deps, db }, orderId, { lastAttempt });
  };
