import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { domainOrderEvents, domainOrders, orderItems } from '#db/schema/index.ts';
import { domainHoldMinutes, domainYears, type DomainRegistration } from '#shared/domain.schemas.ts';
import type { Config } from '../../config.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type {
  Registrant,
  Registrar,
  RegistrarProvider,
} from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  NameHeldError,
  holdEnd,
  liveOrderFor,
  lockName,
  releaseUnpaidHolds,
} from './domain-holds.service.ts';
import { failDomainOrder } from './domain-order-failures.service.ts';

export type DomainOrderStatus = (typeof domainOrders.$inferSelect)['status'];
export type Order = typeof domainOrders.$inferSelect;

export async function recordEvent(
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
    registrar: RegistrarProvider;
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

/**
 * The name registered or transferred in with order `orderId` (the first, when several), for what
 * the order starts besides (a website project's domain); undefined when it has none.
 */
export async function domainOfOrder(db: Db | Tx, orderId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ domain: domainOrders.domain })
    .from(orderItems)
    .innerJoin(domainOrders, eq(domainOrders.id, orderItems.domainOrderId))
    .where(and(eq(orderItems.orderId, orderId), ne(domainOrders.kind, 'renewal')))
    .orderBy(domainOrders.createdAt, domainOrders.domain)
    .limit(1);
  return row?.domain;
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

export interface RegistrationDeps {
  db: Db;
  registrar: Registrar;
  config: Pick<Config, 'site' | 'publicUrl' | 'usdZarRate'>;
}

/** The registrar's contact form of the registrant we collected (SA numbers as +27.xxxxxxxxx). */
export function toRegistrant(order: Order): Registrant {
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

export const dayMs = 86_400_000;
