import { and, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  domainOrderEvents,
  domainOrders,
  orderItems,
  type PendingRegistrarStep,
} from '#db/schema/index.ts';
import {
  autoRenewInvoiceDays,
  domainHoldMinutes,
  domainReminderDays,
  domainYears,
  type DomainRegistration,
} from '#shared/domain.schemas.ts';
import type { DomainMarginMonth } from '#shared/domain-orders.schemas.ts';
import { toZarCents } from '#shared/domain-pricing.ts';
import { formatDate } from '#shared/dates.ts';
import { centsToRand, formatZAR, vatFromInclusive } from '#shared/money.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { Registrant, Registrar, StepState } from '../../integrations/registrar/registrar.ts';
import { RegistrarError } from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';
import { followDomainOrder } from '../orders/order-status.service.ts';
import { refundOrderPart } from '../payments/refunds.service.ts';
import {
  domainActiveMail,
  domainRenewedMail,
  domainTransferredAdminMail,
  domainExpiryMail,
  domainFailedAdminMail,
  domainFailedMail,
  domainStuckAdminMail,
} from './domain-order-mails.ts';
import {
  NameHeldError,
  holdEnd,
  liveOrderFor,
  lockName,
  releaseUnpaidHolds,
} from './domain-holds.service.ts';

export type DomainOrderStatus = (typeof domainOrders.$inferSelect)['status'];
type Order = typeof domainOrders.$inferSelect;

async function recordEvent(
  tx: Db | Tx,
  orderId: string,
  fromStatus: DomainOrderStatus | null,
  toStatus: DomainOrderStatus,
  note?: string,
) {
  await tx.insert(domainOrderEvents).values({ orderId, fromStatus, toStatus, note: note ?? null });
}

/**
 * A domain order waiting for payment (the checkout creates it with the cart's other lines). It
 * holds its name for `domainHoldMinutes`; a name another customer holds is refused (409).
 */
export async function createDomainOrder(
  db: Db | Tx,
  input: {
    userId: string | null;
    domain: string;
    years: number;
    priceCents: number;
    registrarCostCents: number;
    registration: DomainRegistration;
    registrar: Registrar['provider'];
    /** A transfer in carries the EPP/auth code the owner got from the current registrar. */
    transfer?: { authCode: string };
  },
): Promise<Order> {
  await lockName(db, input.domain);
  await releaseUnpaidHolds(db, input.domain, { userId: input.userId });
  const holder = await liveOrderFor(db, input.domain);
  if (holder?.status === 'pending_payment') throw new NameHeldError(input.domain);
  if (holder) {
    throw new AppError('CONFLICT', {
      message: `${input.domain} is already registered. Try another name or ending.`,
    });
  }
  const [order] = await db
    .insert(domainOrders)
    .values({
      userId: input.userId,
      domain: input.domain,
      kind: input.transfer ? 'transfer' : 'registration',
      authCode: input.transfer?.authCode ?? null,
      years: input.years,
      priceCents: input.priceCents,
      registrarCostCents: input.registrarCostCents,
      registrant: { ...input.registration.registrant },
      privacy: input.registration.privacy,
      autoRenew: input.registration.autoRenew,
      registrar: input.registrar,
      heldUntil: holdEnd,
    })
    .returning();
  await recordEvent(
    db,
    order!.id,
    null,
    'pending_payment',
    `Name held for ${domainHoldMinutes} minutes`,
  );
  return order!;
}

/**
 * A renewal waiting for payment: more years for the customer's own active registration (or
 * transfer) of `domain`. It holds no name (its registration does) and asks nothing of the
 * registrar until it is paid. Refused when the domain is not theirs and active, or when the years
 * would take it past the registries' ten-year limit.
 */
export async function createDomainRenewal(
  db: Db | Tx,
  input: {
    userId: string;
    domain: string;
    years: number;
    priceCents: number;
    registrarCostCents: number;
  },
): Promise<Order> {
  const registration = await renewableRegistration(db, input.userId, input.domain);
  const [order] = await db
    .insert(domainOrders)
    .values({
      userId: input.userId,
      domain: registration.domain,
      kind: 'renewal',
      renewsOrderId: registration.id,
      years: input.years,
      priceCents: input.priceCents,
      registrarCostCents: input.registrarCostCents,
      registrant: registration.registrant,
      privacy: registration.privacy,
      autoRenew: registration.autoRenew,
      registrar: registration.registrar,
    })
    .returning();
  await recordEvent(
    db,
    order!.id,
    null,
    'pending_payment',
    `Renewal of ${registration.domain} for ${input.years} ${input.years === 1 ? 'year' : 'years'}, awaiting payment`,
  );
  return order!;
}

/** The customer's active registration of `domain` that a renewal would extend (404 / 400). */
export async function renewableRegistration(db: Db | Tx, userId: string, domain: string) {
  const [registration] = await db
    .select()
    .from(domainOrders)
    .where(
      and(
        eq(domainOrders.userId, userId),
        eq(domainOrders.domain, domain),
        eq(domainOrders.status, 'active'),
        ne(domainOrders.kind, 'renewal'),
      ),
    )
    .limit(1);
  if (!registration) {
    throw new AppError('NOT_FOUND', { message: `${domain} is not one of your active domains` });
  }
  return registration;
}

/** Years a registration can still be renewed for before it would pass ten years from now. */
export function renewableYears(expiresAt: Date | null): number {
  if (!expiresAt) return domainYears.max;
  const yearsLeft = (expiresAt.getTime() - Date.now()) / (365.25 * dayMs);
  return Math.max(0, Math.min(domainYears.max, Math.floor(domainYears.max - yearsLeft)));
}

/** Queues the registration of a paid order, in the transaction that made it paid. */
export async function queueDomainRegistration(tx: Db | Tx, orderId: string): Promise<void> {
  await enqueueJob(tx, 'register-domain', { orderId }, { key: `register-domain:${orderId}` });
}

/**
 * A paid line that will not get its name: it fails, the refund it is owed is flagged for the
 * back office, and the customer and the company are told (by a job, after this commits).
 */
export async function failDomainOrder(
  tx: Db | Tx,
  order: Order,
  reason: string,
  options: { refund: boolean },
): Promise<void> {
  const refundDueCents = options.refund ? order.priceCents : null;
  await tx
    .update(domainOrders)
    .set({
      status: 'failed',
      lastError: reason,
      refundDueCents,
      pendingStep: null,
      updatedAt: sql`now()`,
    })
    .where(eq(domainOrders.id, order.id));
  const refund = refundDueCents === null ? '' : ` Refund due: ${formatZAR(refundDueCents)}.`;
  await recordEvent(tx, order.id, order.status, 'failed', `${reason}${refund}`);
  await enqueueJob(tx, 'domain-order-failed', { orderId: order.id });
}

/**
 * pending_payment → paid, in the payment's transaction; a repeated call changes nothing. An order
 * paid after its hold ran out still gets its name if nobody took it meanwhile; if somebody did,
 * the line fails with its refund flagged (the payment itself stands).
 */
export async function markDomainOrderPaid(tx: Db | Tx, orderId: string): Promise<boolean> {
  // The name's lock comes before the row's, in the same order as createDomainOrder takes them.
  const [named] = await tx
    .select({ domain: domainOrders.domain, kind: domainOrders.kind })
    .from(domainOrders)
    .where(eq(domainOrders.id, orderId));
  if (!named) return false;
  if (named.kind === 'renewal') return markRenewalPaid(tx, orderId);
  await lockName(tx, named.domain);
  const [order] = await tx
    .select()
    .from(domainOrders)
    .where(eq(domainOrders.id, orderId))
    .for('update');
  if (!order || (order.status !== 'pending_payment' && order.status !== 'released')) return false;
  await releaseUnpaidHolds(tx, order.domain, { userId: order.userId, except: order.id });
  const holder = await liveOrderFor(tx, order.domain);
  if (holder && holder.id !== order.id) {
    await failDomainOrder(
      tx,
      order,
      `Paid after its ${domainHoldMinutes}-minute hold ran out, when another order already held ${order.domain}`,
      { refund: true },
    );
    return false;
  }
  await tx
    .update(domainOrders)
    .set({ status: 'paid', heldUntil: null, updatedAt: sql`now()` })
    .where(eq(domainOrders.id, orderId));
  await recordEvent(tx, orderId, order.status, 'paid');
  await queueDomainRegistration(tx, orderId);
  return true;
}

/** A renewal holds no name: paid (even late) is paid, and the registrar is asked afterwards. */
async function markRenewalPaid(tx: Db | Tx, orderId: string): Promise<boolean> {
  const [paid] = await tx
    .update(domainOrders)
    .set({ status: 'paid', updatedAt: sql`now()` })
    .where(
      and(
        eq(domainOrders.id, orderId),
        inArray(domainOrders.status, ['pending_payment', 'released']),
      ),
    )
    .returning();
  if (!paid) return false;
  await recordEvent(tx, orderId, 'pending_payment', 'paid');
  await queueDomainRegistration(tx, orderId);
  return true;
}

/** The registrar's contact form of the registrant we collected (SA numbers as +27.xxxxxxxxx). */
function toRegistrant(order: Order): Registrant {
  const r = order.registrant as Record<string, string | undefined>;
  const [firstName = '', ...rest] = (r.fullName ?? '').trim().split(/\s+/);
  return {
    firstName,
    lastName: rest.join(' ') || firstName,
    organisation: r.type === 'company' ? r.companyName : undefined,
    email: r.email ?? '',
    phone: (r.phone ?? '').replace(/^\+27/, '+27.'),
    address1: r.address1 ?? '',
    city: r.city ?? '',
    stateProvince: r.province ?? '',
    postalCode: r.postalCode ?? '',
    country: 'ZA',
  };
}

export interface RegistrationDeps {
  db: Db;
  registrar: Registrar;
  config: Pick<Config, 'site' | 'publicUrl' | 'usdZarRate'>;
}

/** How long after a registration was accepted we first ask how it went. */
const firstPollDelayMs = 60_000;

/** A registration at the registrar newer than this before the order counts as the order's own. */
const clockSkewMs = 5 * 60_000;

async function saveStep(db: Db, order: Order, step: PendingRegistrarStep, state: StepState) {
  await db.transaction(async (tx) => {
    await tx
      .update(domainOrders)
      .set({ pendingStep: step, updatedAt: sql`now()` })
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
async function heldAtRegistrar(deps: RegistrationDeps, domain: string) {
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
async function activate(deps: RegistrationDeps, order: Order, note?: string) {
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
 * Moves a registration on from what the registrar says of its current step: a finished
 * registration that covered fewer years than paid is renewed for the rest; a finished last step
 * activates the domain. Returns 'pending' while the registrar is still working.
 */
async function advance(
  deps: RegistrationDeps,
  order: Order,
  step: PendingRegistrarStep,
  state: StepState,
): Promise<'pending' | 'settled'> {
  if (state === 'pending') return 'pending';
  if (order.kind === 'renewal' || order.kind === 'transfer') {
    if (state === 'failed') {
      const what = order.kind;
      await deps.db.transaction((tx) =>
        refundFailedLine(tx, order, `The registrar's ${what} ${step.id} failed or was cancelled`),
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
    return advance(deps, order, next, renewal.state);
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
    if (premium) {
      // A premium name is sold at the registrar's price: if that rose since the order, registering
      // now would be paid out of our pocket.
      const yearCents = toZarCents(premium.cents, premium.currency, deps.config.usdZarRate);
      if (yearCents * order.years > order.registrarCostCents) {
        await db.transaction((tx) =>
          refundFailedLine(
            tx,
            order,
            `The registrar's premium price of ${order.domain} rose to ${formatZAR(yearCents)} a year since the order`,
          ),
        );
        return;
      }
    }
    const registration = await registrar.register({
      domain: order.domain,
      years: order.years,
      registrant: toRegistrant(order),
      privacy: order.privacy,
      autoRenew: order.autoRenew,
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
    await advance(deps, order, step, registration.state);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof RegistrarError && error.transient && !options.lastAttempt) {
      await db.transaction(async (tx) => {
        await tx
          .update(domainOrders)
          .set({ lastError: message, updatedAt: sql`now()` })
          .where(eq(domainOrders.id, order.id));
        await recordEvent(
          tx,
          order.id,
          'registering',
          'registering',
          `Attempt ${order.attempts} failed: ${message}`,
        );
      });
      throw error;
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
  const availability = await deps.registrar.checkAvailability(
    order.domain,
    order.domain.split('.')[0]!,
  );
  const premiumPrice = availability.premiumPrice?.renewalQuoted;
  const renewal = await deps.registrar.renew(order.domain, order.years, premiumPrice);
  const step: PendingRegistrarStep = {
    kind: 'renewal',
    id: renewal.id,
    years: order.years,
    yearsLeft: 0,
    premiumPrice,
  };
  await saveStep(deps.db, order, step, renewal.state);
  await advance(deps, order, step, renewal.state);
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
  const transfer = await deps.registrar.transfer({
    domain: order.domain,
    authCode: order.authCode ?? '',
    registrant: toRegistrant(order),
    privacy: order.privacy,
    // Renewals are invoiced by us 14 days ahead; the registrar's own auto-renew stays off.
    autoRenew: false,
  });
  const step: PendingRegistrarStep = { kind: 'transfer', id: transfer.id, years: 1, yearsLeft: 0 };
  await saveStep(deps.db, order, step, transfer.state);
  await advance(deps, order, step, transfer.state);
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

/** Who starts the refund of a line that failed by itself (the audit log and the refund say so). */
const automaticRefunder = {
  id: '00000000-0000-0000-0000-000000000000',
  email: 'system (failed domain line)',
};

/**
 * A paid line that cannot be carried out (a renewal or transfer the registrar did not make, a name
 * registered elsewhere first, a premium price that rose): the line fails and its amount
 * goes back to the card through the refund feature (`refundOrderPart`, a refund-payment job and a
 * credit note), in this transaction. When the refund cannot start now (another refund of the
 * payment is still in flight, or the order was not paid by card) the line keeps its refund flag
 * for the back office's Refund button instead.
 */
async function refundFailedLine(tx: Db | Tx, order: Order, reason: string) {
  await failDomainOrder(tx, order, reason, { refund: true });
  const [line] = await tx
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(eq(orderItems.domainOrderId, order.id));
  if (!line) return;
  const what = order.kind;
  let note: string;
  try {
    const refund = await refundOrderPart(tx, {
      orderId: line.orderId,
      amountCents: order.priceCents,
      reason: `Domain ${what} of ${order.domain} failed: ${reason}`,
      admin: automaticRefunder,
      ip: '',
    });
    if (!refund) return;
    await tx
      .update(domainOrders)
      .set({ status: 'refunded', refundDueCents: null, updatedAt: sql`now()` })
      .where(eq(domainOrders.id, order.id));
    await recordEvent(
      tx,
      order.id,
      'failed',
      'refunded',
      `Refund ${refund.reference} of ${formatZAR(order.priceCents)} started automatically`,
    );
    return;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    note = `The refund could not start automatically (${error.message}): refund it from the domain orders`;
  }
  await recordEvent(tx, order.id, 'failed', 'failed', note);
}

/**
 * The order this line belongs to was refunded in full (the refund feature, once the money went
 * back): a failed line still flagged for its refund is owed nothing more, so it becomes refunded
 * and the flag is cleared, as the back office's Refund button would have done. Any other line
 * is left as it is.
 */
export async function closeRefundedDomainOrder(
  tx: Db | Tx,
  orderId: string,
  note: string,
): Promise<void> {
  const [closed] = await tx
    .update(domainOrders)
    .set({ status: 'refunded', refundDueCents: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(domainOrders.id, orderId),
        eq(domainOrders.status, 'failed'),
        isNotNull(domainOrders.refundDueCents),
      ),
    )
    .returning({ id: domainOrders.id });
  if (closed) await recordEvent(tx, orderId, 'failed', 'refunded', note);
}

const stepState = (registrar: Registrar, domain: string, step: PendingRegistrarStep) =>
  step.kind === 'registration'
    ? registrar.registrationState(domain, step.id)
    : step.kind === 'transfer'
      ? registrar.transferState(domain, step.id)
      : registrar.renewalState(domain, step.id);

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
  const outcome = await advance(
    deps,
    order,
    step,
    await stepState(deps.registrar, order.domain, step),
  );
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

const dayMs = 86_400_000;

/**
 * Queues the reminders of one expiry, 30, 7 and 1 days before it (those still ahead), and its
 * renewal invoice 14 days before it (sent only if auto-renew is on by then).
 */
async function scheduleExpiryReminders(tx: Db | Tx, orderId: string, expiresAt: Date) {
  const invoiceAt = new Date(expiresAt.getTime() - autoRenewInvoiceDays * dayMs);
  await enqueueJob(
    tx,
    'domain-renewal-invoice',
    { orderId, expiresAt: expiresAt.toISOString() },
    {
      key: `domain-renewal-invoice:${orderId}:${expiresAt.toISOString()}`,
      runAt: invoiceAt.getTime() > Date.now() ? invoiceAt : new Date(),
    },
  );
  for (const daysBefore of domainReminderDays) {
    const runAt = new Date(expiresAt.getTime() - daysBefore * dayMs);
    if (runAt.getTime() <= Date.now()) continue;
    await enqueueJob(
      tx,
      'domain-expiry-reminder',
      { orderId, daysBefore },
      { key: `domain-expiry-reminder:${orderId}:${expiresAt.toISOString()}:${daysBefore}`, runAt },
    );
  }
}

/**
 * The domain-expiry-reminder job: mails the owner that the domain expires in `daysBefore` days,
 * once (recorded in its history). A domain no longer active, or whose expiry has moved since the
 * reminder was queued, is not mailed.
 */
export async function remindDomainExpiry(
  deps: RegistrationDeps,
  orderId: string,
  daysBefore: number,
): Promise<void> {
  const [order] = await deps.db.select().from(domainOrders).where(eq(domainOrders.id, orderId));
  if (!order || order.status !== 'active' || !order.expiresAt) return;
  const daysLeft = Math.ceil((order.expiresAt.getTime() - Date.now()) / dayMs);
  if (daysLeft <= 0 || daysLeft > daysBefore) return;
  const note = `Expiry reminder sent (${daysBefore} ${daysBefore === 1 ? 'day' : 'days'} before)`;
  const registrant = toRegistrant(order);
  await deps.db.transaction(async (tx) => {
    const [sent] = await tx
      .select({ id: domainOrderEvents.id })
      .from(domainOrderEvents)
      .where(and(eq(domainOrderEvents.orderId, order.id), eq(domainOrderEvents.note, note)));
    if (sent) return;
    await recordEvent(tx, order.id, 'active', 'active', note);
    await queueMail(tx, {
      to: registrant.email,
      userId: order.userId,
      ...domainExpiryMail(deps.config, order, registrant.firstName),
    });
  });
}

/** The domain-order-failed job: tells the customer, and the company what is owed. */
export async function tellDomainOrderFailed(deps: RegistrationDeps, orderId: string) {
  const [order] = await deps.db.select().from(domainOrders).where(eq(domainOrders.id, orderId));
  if (!order) return;
  const registrant = toRegistrant(order);
  // A renewal or transfer refunded automatically owes nothing more, but the customer is told of it.
  const owed = order.status === 'refunded' ? order.priceCents : order.refundDueCents;
  const refund = owed === null ? null : formatZAR(owed);
  await deps.db.transaction(async (tx) => {
    await queueMail(tx, {
      to: registrant.email,
      userId: order.userId,
      ...domainFailedMail(deps.config, order.domain, registrant.firstName, {
        active: order.status === 'active' && order.kind === 'registration',
        refund,
        kind: order.kind,
      }),
    });
    await queueMail(tx, {
      to: deps.config.site.contactEmail,
      ...domainFailedAdminMail(deps.config, order.domain, order.lastError ?? 'unknown', refund),
    });
  });
}

/**
 * The domain margin per month of payment (13 months): sales of the names customers kept (excluding
 * VAT when we charge it) less what the registrar charges and each line's share of the card fee
 * (excluding VAT: a VAT vendor claims it back).
 */
export async function domainMarginByMonth(
  db: Db,
  options: { vatRegistered: boolean },
): Promise<DomainMarginMonth[]> {
  const result = await db.execute(sql`
    select to_char(o.paid_at at time zone 'Africa/Johannesburg', 'YYYY-MM') as month,
           count(*)::int as domains,
           sum(d.price_cents)::bigint as sales_cents,
           sum(d.registrar_cost_cents)::bigint as registrar_cents,
           coalesce(sum(round(
             (select coalesce(sum(p.fee_cents), 0) from payments p
               where p.order_id = o.id and p.status = 'paid')
             * d.price_cents::numeric / nullif(o.total_cents, 0)
           )), 0)::bigint as fee_cents
    from domain_orders d
    join order_items oi on oi.domain_order_id = d.id
    join orders o on o.id = oi.order_id
    where o.paid_at is not null
      and o.paid_at > now() - interval '13 months'
      and d.status in ('paid', 'registering', 'active', 'renewed')
    group by 1
    order by 1 desc
  `);
  const rows = (result as unknown as { rows: Record<string, string | number>[] }).rows;
  return rows.map((row) => {
    const sales = Number(row.sales_cents);
    const salesExVat = options.vatRegistered ? sales - vatFromInclusive(sales) : sales;
    const registrar = Number(row.registrar_cents);
    // PayFast's fee includes VAT, which only a VAT vendor claims back.
    const fees = options.vatRegistered
      ? Number(row.fee_cents) - vatFromInclusive(Number(row.fee_cents))
      : Number(row.fee_cents);
    return {
      month: String(row.month),
      domains: Number(row.domains),
      salesExVat: centsToRand(salesExVat),
      registrarCosts: centsToRand(registrar),
      paymentFees: centsToRand(fees),
      margin: centsToRand(salesExVat - registrar - fees),
    };
  });
}

export async function domainOrderHistory(db: Db, orderId: string) {
  const [order] = await db.select().from(domainOrders).where(eq(domainOrders.id, orderId));
  if (!order) throw new AppError('NOT_FOUND', { message: 'That domain order does not exist' });
  const events = await db
    .select()
    .from(domainOrderEvents)
    .where(eq(domainOrderEvents.orderId, orderId))
    .orderBy(desc(domainOrderEvents.id));
  return { order, events };
}
