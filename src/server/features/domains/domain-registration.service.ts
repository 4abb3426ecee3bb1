/**
 * The registrar work of a paid domain order (the register-domain and poll jobs): register,
 * transfer or renew, follow a pending step, activate.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { domainOrders, type PendingRegistrarStep } from '#db/schema/index.ts';
import { formatDate } from '#shared/dates.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { DeferJobError } from '../../jobs/runner.ts';
import type { Registrar, StepReport } from '../../integrations/registrar/registrar.ts';
import { RegistrarError } from '../../integrations/registrar/registrar.ts';
import { followDomainOrder } from '../orders/order-status.service.ts';
import { domainRenewedMail, domainStuckAdminMail } from './domain-order-mails.ts';
import { failDomainOrder, refundFailedLine } from './domain-order-failures.service.ts';
import {
  recordEvent,
  toRegistrant,
  type Order,
  type RegistrationDeps,
} from './domain-orders.service.ts';
import { scheduleExpiryReminders } from './domain-expiry-reminders.service.ts';
import {
  activate,
  clockSkewMs,
  completeOurOwn,
  heldAtRegistrar,
  noteAttempt,
  premiumRose,
  saveStep,
} from './domain-registrar-steps.service.ts';

/**
 * Moves a registration on from what the registrar says of its current step: a finished
 * registration that covered fewer years than paid is renewed for the rest; a finished last step
 * activates the domain. Returns 'pending' while the registrar is still working.
 */
async function advance(
  deps: RegistrationDeps,
  order: Order,
  step: PendingRegistrarStep,
  report: StepReport,
): Promise<'pending' | 'settled'> {
  const { state } = report;
  if (state === 'pending') return 'pending';
  if (order.kind === 'renewal' || order.kind === 'transfer') {
    if (state === 'failed') {
      const what = order.kind;
      const why = report.reason ? `: ${report.reason}` : '';
      await deps.db.transaction((tx) =>
        refundFailedLine(
          tx,
          order,
          `The registrar's ${what} ${step.id} failed or was cancelled${why}`,
        ),
      );
    } else if (order.kind === 'renewal') {
      await completeRenewal(deps, order);
    } else {
      await activate(deps, order, `Transferred in (${step.id})`);
    }
    return 'settled';
  }
  if (state === 'failed' && step.kind === 'registration') {
    await deps.db.transaction((tx) =>
      failDomainOrder(tx, order, `The registrar's registration ${step.id} failed`, {
        refund: true,
      }),
    );
    return 'settled';
  }
  if (state === 'done' && step.yearsLeft > 0) {
    const renewal = await deps.registrar.renew(order.domain, step.yearsLeft, step.premiumPrice);
    const next: PendingRegistrarStep = {
      kind: 'renewal',
      id: renewal.id,
      years: step.yearsLeft,
      yearsLeft: 0,
      premiumPrice: step.premiumPrice,
    };
    await saveStep(deps.db, order, next, renewal.state);
    return advance(deps, order, next, { state: renewal.state });
  }
  // A failed renewal leaves the registration itself in place: active for what the registrar
  // granted, with the unserved years flagged for refund.
  const unserved = state === 'failed' ? step.years : 0;
  const active = await activate(
    deps,
    order,
    unserved > 0 ? `The renewal for ${unserved} more years failed` : undefined,
  );
  if (active && unserved > 0) {
    await deps.db.transaction(async (tx) => {
      const refundDueCents = Math.round((order.priceCents * unserved) / order.years);
      await tx
        .update(domainOrders)
        .set({ refundDueCents, lastError: `The renewal for ${unserved} more years failed` })
        .where(eq(domainOrders.id, order.id));
      await enqueueJob(tx, 'domain-order-failed', { orderId: order.id });
    });
  }
  return 'settled';
}

/**
 * Registers one paid order (the register-domain job, which runs it once at a time). Safe to run
 * twice: the claim is one conditional update, a step the registrar already accepted is followed
 * rather than repeated, and a registration of ours that finished unrecorded is found with `holds`.
 * The name is checked with the registrar (no cache) right before registering; taken → the line
 * fails with its refund flagged. A transient registrar error is thrown, so the queue tries again
 * with back-off; on the last try, or for a final error, the order fails the same way.
 */
export async function registerDomainOrder(
  deps: RegistrationDeps,
  orderId: string,
  options: { lastAttempt: boolean },
) {
  const { db, registrar } = deps;
  const [order] = await db
    .update(domainOrders)
    .set({
      status: 'registering',
      attempts: sql`${domainOrders.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(domainOrders.id, orderId),
        or(eq(domainOrders.status, 'paid'), eq(domainOrders.status, 'registering')),
      ),
    )
    .returning();
  if (!order) return;
  if (order.attempts === 1) {
    await db.transaction(async (tx) => {
      await recordEvent(tx, order.id, 'paid', 'registering');
      await followDomainOrder(tx, order.id);
    });
  }

  try {
    if (order.pendingStep) {
      const step = order.pendingStep;
      await advance(deps, order, step, await stepState(registrar, order.domain, step));
      return;
    }
    if (order.kind === 'renewal') {
      await renewDomainOrder(deps, order);
      return;
    }
    if (order.kind === 'transfer') {
      await transferDomainOrder(deps, order);
      return;
    }
    const held = await registrar.holds(order.domain);
    if (held && held.since.getTime() >= order.createdAt.getTime() - clockSkewMs) {
      await activate(deps, order);
      return;
    }
    const name = order.domain.split('.')[0]!;
    const availability = await registrar.checkAvailability(order.domain, name);
    if (!availability.available) {
      // Taken — perhaps by our own earlier try, whose answer never came (a timeout): our
      // account is asked before anything is refunded.
      if (await completeOurOwn(deps, order)) return;
      // Nobody can retry this into a registration: the money goes back at once.
      await db.transaction((tx) =>
        refundFailedLine(
          tx,
          order,
          `${order.domain} was registered elsewhere before we could register it`,
        ),
      );
      return;
    }
    const premium = availability.premiumPrice;
    if (premium && (await premiumRose(deps, order, premium.quoted, premium.currency))) return;
    const registration = await registrar.register({
      domain: order.domain,
      years: order.years,
      registrant: toRegistrant(order),
      privacy: order.privacy,
      // Renewals are invoiced by us ahead of expiry and paid first (the customer's auto-renew is
      // ours); the registrar's own auto-renew stays off, or it renews at our cost, or twice.
      autoRenew: false,
      premiumPrice: premium?.quoted,
    });
    const step: PendingRegistrarStep = {
      kind: 'registration',
      id: registration.id,
      years: registration.years,
      yearsLeft: Math.max(0, order.years - registration.years),
      premiumPrice: premium?.renewalQuoted,
    };
    await saveStep(db, order, step, registration.state);
    await advance(deps, order, step, { state: registration.state });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof RegistrarError && error.transient) {
      if (error.waitFor) {
        // Our credentials refused or the rate limit reached: not the order's fault, and no try
        // ends it; the order waits (owners alerted for credentials) and the job comes back.
        await noteAttempt(db, order, message);
        throw new DeferJobError(message, error.retryAt);
      }
      if (!options.lastAttempt) {
        await noteAttempt(db, order, message);
        throw error;
      }
      if (order.kind === 'registration') {
        // The last try got no answer, but the registration may have been made all the same:
        // never refunded while our account has (or may have) the name.
        const ours = await completeOurOwn(deps, order).catch(() => undefined);
        if (ours) return;
        if (ours === undefined) {
          await noteAttempt(db, order, message);
          throw new DeferJobError(message);
        }
      }
    }
    await db.transaction((tx) =>
      order.kind === 'registration'
        ? failDomainOrder(tx, order, message, { refund: true })
        : refundFailedLine(tx, order, message),
    );
  }
}

/**
 * A paid renewal: the registrar adds the years to the customer's registration, which must still
 * be theirs and active. Premium names confirm the registrar's renewal price.
 */
async function renewDomainOrder(deps: RegistrationDeps, order: Order) {
  const [registration] = order.renewsOrderId
    ? await deps.db.select().from(domainOrders).where(eq(domainOrders.id, order.renewsOrderId))
    : [];
  if (registration?.status !== 'active') {
    await deps.db.transaction((tx) =>
      refundFailedLine(tx, order, `${order.domain} is no longer registered with us`),
    );
    return;
  }
  // A premium name renews at its own price, confirmed to the registrar; one that rose past what
  // the renewal was charged is refunded rather than paid out of our pocket.
  const premium = await deps.registrar.premiumPrices(order.domain);
  if (premium && (await premiumRose(deps, order, premium.renewalQuoted, premium.currency))) return;
  const premiumPrice = premium?.renewalQuoted;
  const renewal = await deps.registrar.renew(order.domain, order.years, premiumPrice);
  const step: PendingRegistrarStep = {
    kind: 'renewal',
    id: renewal.id,
    years: order.years,
    yearsLeft: 0,
    premiumPrice,
  };
  await saveStep(deps.db, order, step, renewal.state);
  await advance(deps, order, step, { state: renewal.state });
}

/** A paid transfer in: asked of the registrar with the customer's auth code, then polled. */
async function transferDomainOrder(deps: RegistrationDeps, order: Order) {
  const held = await deps.registrar.holds(order.domain);
  if (held && held.since.getTime() >= order.createdAt.getTime() - clockSkewMs) {
    // Asked before, and the answer lost: the transfer is ours.
    await activate(deps, order, 'Transferred in');
    return;
  }
  if (held) {
    await deps.db.transaction((tx) =>
      refundFailedLine(tx, order, `${order.domain} is already registered with us`),
    );
    return;
  }
  // A premium name's transfer is confirmed at its own price (and refunded if that rose).
  const premium = await deps.registrar.premiumPrices(order.domain);
  if (premium && (await premiumRose(deps, order, premium.transferQuoted, premium.currency))) return;
  const transfer = await deps.registrar.transfer({
    domain: order.domain,
    authCode: order.authCode ?? '',
    registrant: toRegistrant(order),
    privacy: order.privacy,
    // Renewals are invoiced by us 14 days ahead; the registrar's own auto-renew stays off.
    autoRenew: false,
    premiumPrice: premium?.transferQuoted,
  });
  const step: PendingRegistrarStep = { kind: 'transfer', id: transfer.id, years: 1, yearsLeft: 0 };
  await saveStep(deps.db, order, step, transfer.state);
  await advance(deps, order, step, { state: transfer.state });
}

/**
 * The registrar renewed: the renewal is `renewed`, its registration takes the expiry the
 * registrar now reports (with reminders and the next renewal invoice keyed on it), and the
 * customer is told.
 */
async function completeRenewal(deps: RegistrationDeps, order: Order) {
  const held = await heldAtRegistrar(deps, order.domain);
  const registrant = toRegistrant(order);
  await deps.db.transaction(async (tx) => {
    const [renewed] = await tx
      .update(domainOrders)
      .set({
        status: 'renewed',
        expiresAt: held.expiresAt,
        pendingStep: null,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(domainOrders.id, order.id), eq(domainOrders.status, 'registering')))
      .returning();
    if (!renewed) return;
    const until = formatDate(held.expiresAt);
    await recordEvent(tx, order.id, 'registering', 'renewed', `Registered until ${until}`);
    if (order.renewsOrderId) {
      await tx
        .update(domainOrders)
        .set({ expiresAt: held.expiresAt, updatedAt: sql`now()` })
        .where(eq(domainOrders.id, order.renewsOrderId));
      await recordEvent(
        tx,
        order.renewsOrderId,
        'active',
        'active',
        `Renewed for ${order.years} ${order.years === 1 ? 'year' : 'years'}: registered until ${until}`,
      );
      await scheduleExpiryReminders(tx, order.renewsOrderId, held.expiresAt);
    }
    await followDomainOrder(tx, order.id);
    await queueMail(tx, {
      to: registrant.email,
      userId: order.userId,
      ...domainRenewedMail(deps.config, order.domain, registrant.firstName, until),
    });
  });
}

const stepState = async (
  registrar: Registrar,
  domain: string,
  step: PendingRegistrarStep,
): Promise<StepReport> =>
  step.kind === 'registration'
    ? { state: await registrar.registrationState(domain, step.id) }
    : step.kind === 'transfer'
      ? registrar.transferState(domain, step.id)
      : { state: await registrar.renewalState(domain, step.id) };

/**
 * The poll-domain-registration job: asks the registrar how the order's current step is going
 * and moves it on. Still pending → throws, so the queue asks again later (1, 2, 4 … minutes, then
 * hourly); if it is still pending on the last try the company is told.
 */
export async function pollDomainRegistration(
  deps: RegistrationDeps,
  orderId: string,
  options: { lastAttempt: boolean },
): Promise<void> {
  const [order] = await deps.db.select().from(domainOrders).where(eq(domainOrders.id, orderId));
  const step = order?.pendingStep;
  if (!order || order.status !== 'registering' || !step) return;
  let outcome: 'pending' | 'settled';
  try {
    outcome = await advance(deps, order, step, await stepState(deps.registrar, order.domain, step));
  } catch (error) {
    // Our credentials refused or the rate limit reached: the step waits, its tries unspent.
    if (error instanceof RegistrarError && error.waitFor) {
      await noteAttempt(deps.db, order, error.message);
      throw new DeferJobError(error.message, error.retryAt);
    }
    throw error;
  }
  if (outcome === 'settled') return;
  const message = `the registrar still has the ${step.kind} of ${order.domain} pending`;
  if (options.lastAttempt) {
    await queueMail(deps.db, {
      to: deps.config.site.contactEmail,
      ...domainStuckAdminMail(deps.config, order.domain, message),
    });
  }
  throw new Error(message);
}
