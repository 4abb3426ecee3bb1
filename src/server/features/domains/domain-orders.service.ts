import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { domainOrderEvents, domainOrders } from '#db/schema/index.ts';
import type { DomainRegistration } from '#shared/domain.schemas.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import type { Registrant, Registrar } from '../../integrations/registrar/registrar.ts';
import { RegistrarError } from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';
import { followDomainOrder } from '../orders/order-status.ts';
import { domainActiveMail, domainFailedAdminMail, domainFailedMail } from './domain-order-mails.ts';

export type DomainOrderStatus = (typeof domainOrders.$inferSelect)['status'];
type Order = typeof domainOrders.$inferSelect;

/** Attempts before a paid registration is given up and the people concerned are told. */
export const maxRegistrationAttempts = 5;

async function recordEvent(
  tx: Db | Tx,
  orderId: string,
  fromStatus: DomainOrderStatus | null,
  toStatus: DomainOrderStatus,
  note?: string,
) {
  await tx.insert(domainOrderEvents).values({ orderId, fromStatus, toStatus, note: note ?? null });
}

/** A domain order waiting for payment (the checkout creates it with the cart's other lines). */
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
  },
): Promise<Order> {
  const [order] = await db
    .insert(domainOrders)
    .values({
      userId: input.userId,
      domain: input.domain,
      years: input.years,
      priceCents: input.priceCents,
      registrarCostCents: input.registrarCostCents,
      registrant: { ...input.registration.registrant },
      privacy: input.registration.privacy,
      autoRenew: input.registration.autoRenew,
      registrar: input.registrar,
    })
    .returning();
  await recordEvent(db, order!.id, null, 'pending_payment');
  return order!;
}

/** pending_payment → paid, in the payment's transaction; a repeated call changes nothing. */
export async function markDomainOrderPaid(tx: Db | Tx, orderId: string): Promise<boolean> {
  const [paid] = await tx
    .update(domainOrders)
    .set({ status: 'paid', nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(domainOrders.id, orderId), eq(domainOrders.status, 'pending_payment')))
    .returning({ id: domainOrders.id });
  if (paid) await recordEvent(tx, orderId, 'pending_payment', 'paid');
  return Boolean(paid);
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
  config: Pick<Config, 'site' | 'publicUrl'>;
}

/**
 * Registers one paid order. Safe to run twice or from two processes: the claim is one
 * conditional update, a registration that finished unrecorded is found with `holds`, and a
 * transient registrar error is retried later with back-off (1, 2, 4, 8 minutes).
 */
export async function registerDomainOrder(deps: RegistrationDeps, orderId: string) {
  const { db, registrar, config } = deps;
  const [order] = await db
    .update(domainOrders)
    .set({
      status: 'registering',
      attempts: sql`${domainOrders.attempts} + 1`,
      // Another worker leaves it alone while this attempt runs.
      nextAttemptAt: sql`now() + interval '5 minutes'`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(domainOrders.id, orderId),
        or(
          eq(domainOrders.status, 'paid'),
          and(eq(domainOrders.status, 'registering'), sql`${domainOrders.nextAttemptAt} <= now()`),
        ),
      ),
    )
    .returning();
  if (!order) return null;
  if (order.attempts === 1) {
    await db.transaction(async (tx) => {
      await recordEvent(tx, order.id, 'paid', 'registering');
      await followDomainOrder(tx, order.id);
    });
  }

  const registrant = toRegistrant(order);
  try {
    const done =
      (await registrar.holds(order.domain)) ??
      (await registrar.register({
        domain: order.domain,
        years: order.years,
        registrant,
        privacy: order.privacy,
        autoRenew: order.autoRenew,
      }));
    return await db.transaction(async (tx) => {
      const [active] = await tx
        .update(domainOrders)
        .set({
          status: 'active',
          registrarReference: done.reference,
          expiresAt: done.expiresAt,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(domainOrders.id, order.id), eq(domainOrders.status, 'registering')))
        .returning();
      await recordEvent(tx, order.id, 'registering', 'active', done.reference);
      await followDomainOrder(tx, order.id);
      await queueMail(tx, {
        to: registrant.email,
        userId: order.userId,
        ...domainActiveMail(config, order.domain, `${registrant.firstName} ${registrant.lastName}`),
      });
      return active ?? null;
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const retry =
      error instanceof RegistrarError &&
      error.transient &&
      order.attempts < maxRegistrationAttempts;
    if (retry) {
      await db
        .update(domainOrders)
        .set({
          lastError: message,
          nextAttemptAt: sql`now() + make_interval(mins => ${2 ** (order.attempts - 1)})`,
          updatedAt: sql`now()`,
        })
        .where(eq(domainOrders.id, order.id));
      await recordEvent(
        db,
        order.id,
        'registering',
        'registering',
        `Attempt ${order.attempts} failed: ${message}`,
      );
      return null;
    }
    return db.transaction(async (tx) => {
      const [failed] = await tx
        .update(domainOrders)
        .set({ status: 'failed', lastError: message, updatedAt: sql`now()` })
        .where(eq(domainOrders.id, order.id))
        .returning();
      await recordEvent(tx, order.id, 'registering', 'failed', message);
      await queueMail(tx, {
        to: registrant.email,
        userId: order.userId,
        ...domainFailedMail(config, order.domain, `${registrant.firstName} ${registrant.lastName}`),
      });
      await queueMail(tx, {
        to: config.site.contactEmail,
        ...domainFailedAdminMail(config, order.domain, message),
      });
      return failed ?? null;
    });
  }
}

/** Orders due for an attempt now: just paid, or waiting for their next retry. */
export async function dueDomainOrders(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: domainOrders.id })
    .from(domainOrders)
    .where(
      and(
        or(eq(domainOrders.status, 'paid'), eq(domainOrders.status, 'registering')),
        sql`${domainOrders.nextAttemptAt} <= now()`,
      ),
    )
    .orderBy(domainOrders.createdAt)
    .limit(20);
  return rows.map((r) => r.id);
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
