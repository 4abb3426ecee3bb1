/**
 * The steps every registrar flow shares: saving a pending step, asking whether the registrar holds
 * a name, activating the registration, noting a failed try, refusing a premium price that rose.
 */
/** The registrar work of a paid domain order (the register-domain and poll jobs): register, transfer or renew, follow a pending step, activate. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { domainOrders, type PendingRegistrarStep } from '#db/schema/index.ts';
import { toZarCents } from '#shared/domain-pricing.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { StepState } from '../../integrations/registrar/registrar.ts';
import { RegistrarError } from '../../integrations/registrar/registrar.ts';
import { followDomainOrder } from '../orders/order-status.service.ts';
import { domainActiveMail, domainTransferredAdminMail } from './domain-order-mails.ts';
import { refundFailedLine } from './domain-order-failures.service.ts';
import {
  recordEvent,
  toRegistrant,
  type Order,
  type RegistrationDeps,
} from './domain-orders.service.ts';
import { scheduleExpiryReminders } from './domain-expiry-reminders.service.ts';

/** How long after a registration was accepted we first ask how it went. */
export const firstPollDelayMs = 60_000;

/** A registration at the registrar newer than this before the order counts as the order's own. */
export const clockSkewMs = 5 * 60_000;

export async function saveStep(db: Db, order: Order, step: PendingRegistrarStep, state: StepState) {
  await db.transaction(async (tx) => {
    await tx
      .update(domainOrders)
      // Accepted: whatever refused the tries before (credentials, a rate limit) is over.
      .set({ pendingStep: step, lastError: null, updatedAt: sql`now()` })
      .where(eq(domainOrders.id, order.id));
    await recordEvent(
      tx,
      order.id,
      'registering',
      'registering',
      `The registrar accepted the ${step.kind} for ${step.years} ${step.years === 1 ? 'year' : 'years'} (${step.id}): ${state}`,
    );
    if (state === 'pending') {
      // A transfer can take the losing registrar up to a week: it has a longer-lived poll.
      const poll = step.kind === 'transfer' ? 'poll-domain-transfer' : 'poll-domain-registration';
      await enqueueJob(
        tx,
        poll,
        { orderId: order.id },
        { key: `${poll}:${order.id}`, runAt: new Date(Date.now() + firstPollDelayMs) },
      );
    }
  });
}

/**
 * The registrar's own record of a domain it says is done: its reference and expiry. Not listed
 * yet counts as transient, so the job asks again later.
 */
export async function heldAtRegistrar(deps: RegistrationDeps, domain: string) {
  const held = await deps.registrar.holds(domain);
  if (!held) {
    throw new RegistrarError('The registrar does not list the domain as registered yet.', {
      transient: true,
      status: 502,
    });
  }
  return held;
}

/** The registration is complete: active with the registrar's own expiry, and the customer told. */
export async function activate(deps: RegistrationDeps, order: Order, note?: string) {
  const held = await heldAtRegistrar(deps, order.domain);
  const registrant = toRegistrant(order);
  return deps.db.transaction(async (tx) => {
    const [active] = await tx
      .update(domainOrders)
      .set({
        status: 'active',
        registrarReference: held.reference,
        expiresAt: held.expiresAt,
        pendingStep: null,
        authCode: null,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(domainOrders.id, order.id), eq(domainOrders.status, 'registering')))
      .returning();
    if (!active) return null;
    await recordEvent(tx, order.id, 'registering', 'active', note ?? held.reference);
    await scheduleExpiryReminders(tx, order.id, held.expiresAt);
    await followDomainOrder(tx, order.id);
    await queueMail(tx, {
      to: registrant.email,
      userId: order.userId,
      ...domainActiveMail(
        deps.config,
        order.domain,
        `${registrant.firstName} ${registrant.lastName}`,
        order.kind === 'transfer',
      ),
    });
    if (order.kind === 'transfer') {
      await queueMail(tx, {
        to: deps.config.site.contactEmail,
        ...domainTransferredAdminMail(deps.config, order.domain),
      });
    }
    return active;
  });
}

/**
 * A try that failed for now: kept on the order and in its history for the back office (once
 * while the same failure repeats, as it does hourly while our credentials are refused).
 */
export async function noteAttempt(db: RegistrationDeps['db'], order: Order, message: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(domainOrders)
      .set({ lastError: message, updatedAt: sql`now()` })
      .where(eq(domainOrders.id, order.id));
    if (order.lastError === message) return;
    await recordEvent(
      tx,
      order.id,
      'registering',
      'registering',
      `Attempt ${order.attempts} failed: ${message}`,
    );
  });
}

/**
 * A premium name is sold at the registrar's price (`quoted` a year, as the registrar wrote it):
 * if that is now above what the order paid the registrar for, carrying it out would be paid out
 * of our pocket, so the line is refunded.
 */
export async function premiumRose(
  deps: RegistrationDeps,
  order: Order,
  quoted: string,
  currency: string,
): Promise<boolean> {
  const yearCents = toZarCents(randToCents(Number(quoted)), currency, deps.config.usdZarRate);
  if (yearCents * order.years <= order.registrarCostCents) return false;
  await deps.db.transaction((tx) =>
    refundFailedLine(
      tx,
      order,
      `The registrar's premium price of ${order.domain} rose to ${formatZAR(yearCents)} a year since the order`,
    ),
  );
  return true;
}

/**
 * Whether the name is already this order's in our own registrar account (put there since the
 * order, so by one of its own tries): registered → the order completes as registered; still
 * being registered → a transient error, so the job asks again later. False: not ours.
 */
export async function completeOurOwn(deps: RegistrationDeps, order: Order): Promise<boolean> {
  const ours = await deps.registrar.inAccount(order.domain);
  if (!ours || ours.since.getTime() < order.createdAt.getTime() - clockSkewMs) return false;
  if (ours.state === 'pending') {
    throw new RegistrarError(`Our registrar account is still registering ${order.domain}.`, {
      transient: true,
      status: 502,
    });
  }
  await activate(deps, order, 'Found registered in our registrar account after an unanswered try');
  return true;
}
