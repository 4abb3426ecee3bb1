import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { domainOrderEvents, domainOrders } from '#db/schema/index.ts';
import type { DomainRegistration } from '#shared/domain.schemas.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { Registrant, Registrar } from '../../integrations/registrar/registrar.ts';
import { RegistrarError } from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';
import { followDomainOrder } from '../orders/order-status.service.ts';
import { domainActiveMail, domainFailedAdminMail, domainFailedMail } from './domain-order-mails.ts';

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

/** Queues the registration of a paid order, in the transaction that made it paid. */
export async function queueDomainRegistration(tx: Db | Tx, orderId: string): Promise<void> {
  await enqueueJob(tx, 'register-domain', { orderId }, { key: `register-domain:${orderId}` });
}

/** pending_payment → paid, in the payment's transaction; a repeated call changes nothing. */
export async function markDomainOrderPaid(tx: Db | Tx, orderId: string): Promise<boolean> {
  const [paid] = await tx
    .update(domainOrders)
    .set({ status: 'paid', updatedAt: sql`now()` })
    .where(and(eq(domainOrders.id, orderId), eq(domainOrders.status, 'pending_payment')))
    .returning({ id: domainOrders.id });
  if (paid) {
    await recordEvent(tx, orderId, 'pending_payment', 'paid');
    await queueDomainRegistration(tx, orderId);
  }
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
 * Registers one paid order (the register-domain job, which runs it once at a time). Safe to run
 * twice: the claim is one conditional update and a registration that finished unrecorded is found
 * with `holds`. A transient registrar error is thrown, so the queue tries again with back-off;
 * on the last try, or for a final error, the order fails and the people concerned are told.
 */
export async function registerDomainOrder(
  deps: RegistrationDeps,
  orderId: string,
  options: { lastAttempt: boolean },
) {
  const { db, registrar, config } = deps;
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
    const retry = error instanceof RegistrarError && error.transient && !options.lastAttempt;
    if (retry) {
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
