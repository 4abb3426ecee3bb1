import {
  pollDomainRegistration,
  registerDomainOrder,
} from '../features/domains/domain-registration.service.ts';
import { remindDomainExpiry } from '../features/domains/domain-expiry-reminders.service.ts';
import { tellDomainOrderFailed } from '../features/domains/domain-order-failures.service.ts';
import { type RegistrationDeps } from '../features/domains/domain-orders.service.ts';
import type { JobHandler } from './runner.ts';

/** Registers one paid domain order with the registrar. */
export const registerDomainJob =
  (deps: Omit<RegistrationDeps, 'db'>): JobHandler<'register-domain'> =>
  async ({ orderId }, { db, lastAttempt }) => {
    await registerDomainOrder({ ...deps, db }, orderId, { lastAttempt });
  };

/** Asks the registrar how a pending registration or renewal is going, and moves it on. */
export const pollDomainRegistrationJob =
  (deps: Omit<RegistrationDeps, 'db'>): JobHandler<'poll-domain-registration'> =>
  async ({ orderId }, { db, lastAttempt }) => {
    await pollDomainRegistration({ ...deps, db }, orderId, { lastAttempt });
  };

/** Asks the registrar how a pending transfer in is going (for up to a week), and moves it on. */
export const pollDomainTransferJob =
  (deps: Omit<RegistrationDeps, 'db'>): JobHandler<'poll-domain-transfer'> =>
  async ({ orderId }, { db, lastAttempt }) => {
    await pollDomainRegistration({ ...deps, db }, orderId, { lastAttempt });
  };

/** Tells the customer and the company that a paid domain line failed (and what is owed). */
export const domainOrderFailedJob =
  (deps: Omit<RegistrationDeps, 'db'>): JobHandler<'domain-order-failed'> =>
  async ({ orderId }, { db }) => {
    await tellDomainOrderFailed({ ...deps, db }, orderId);
  };

/** Reminds a domain's owner that it expires in a month, a week or a day. */
export const domainExpiryReminderJob =
  (deps: Omit<RegistrationDeps, 'db'>): JobHandler<'domain-expiry-reminder'> =>
  async ({ orderId, daysBefore }, { db }) => {
    await remindDomainExpiry({ ...deps, db }, orderId, daysBefore);
  };
