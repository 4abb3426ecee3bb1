import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { domainOrders, orderEvents, orderItems, orders } from '#db/schema/index.ts';
import { orderStatusLabels, orderTransitions, type OrderStatus } from '#shared/orders.schemas.ts';
import { AppError } from '../../plugins/errors.ts';
import { releaseOrderMoney } from '../credit/credit-ledger.service.ts';
import {
  discountLineType,
  releaseOrderLines,
  type OrderLineRegistry,
} from './order-lines.service.ts';

type OrderRow = typeof orders.$inferSelect;

const label = (status: OrderStatus) => orderStatusLabels[status].toLowerCase();

/**
 * One step of an order's life and its event, in the caller's transaction, with the order row
 * locked. Asking for the status it already has changes nothing, so retries are harmless.
 */
export async function moveOrder(
  tx: Db | Tx,
  orderId: string,
  to: OrderStatus,
  note?: string | null,
): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('NOT_FOUND', { message: 'That order does not exist' });
  if (order.status === to) return order;
  if (!orderTransitions[order.status].includes(to)) {
    throw new AppError('CONFLICT', {
      message: `Order ${order.reference} is ${label(order.status)} and cannot become ${label(to)}`,
    });
  }
  const [moved] = await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()`, ...(to === 'paid' ? { paidAt: sql`now()` } : {}) })
    .where(eq(orders.id, orderId))
    .returning();
  await tx
    .insert(orderEvents)
    .values({ orderId, fromStatus: order.status, toStatus: to, note: note ?? null });
  return moved!;
}

/**
 * An unpaid order given up (dunning's end, a renewal the customer switched off), in the caller's
 * transaction: cancelled with its reason, what it received becomes the customer's credit, and
 * each line lets go of what it held. Answers what was kept as credit.
 */
export async function cancelUnpaidOrder(
  tx: Tx,
  registry: OrderLineRegistry,
  order: OrderRow,
  note: string,
): Promise<number> {
  const cancelled = await moveOrder(tx, order.id, 'cancelled', note);
  const kept = await releaseOrderMoney(tx, order);
  await releaseOrderLines(tx, registry, cancelled);
  return kept;
}

/**
 * An order follows its domains: work starts with the first registration, and an order of
 * nothing but domains is complete once every one of them is active. Anything else in the order
 * is the team's to complete from the back office.
 */
export async function followDomainOrder(tx: Db | Tx, domainOrderId: string): Promise<void> {
  // The order row is locked before its lines are read: two registrations of one order finishing
  // at once (the registrar lane runs several) would otherwise each see the other still running,
  // and neither complete the order.
  const [link] = await tx
    .select({ orderId: orderItems.orderId, status: orders.status })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.domainOrderId, domainOrderId))
    .for('update', { of: orders });
  if (!link || (link.status !== 'paid' && link.status !== 'in_progress')) return;
  if (link.status === 'paid')
    await moveOrder(tx, link.orderId, 'in_progress', 'Domain registration started');
  const items = await tx
    .select({ type: orderItems.type, domainStatus: domainOrders.status })
    .from(orderItems)
    .leftJoin(domainOrders, eq(domainOrders.id, orderItems.domainOrderId))
    .where(eq(orderItems.orderId, link.orderId));
  // A renewal's line is done once `renewed`; a registration's or a transfer's once `active`. A
  // coupon's discount line is nothing to deliver.
  const done = (status: string | null) => status === 'active' || status === 'renewed';
  const delivered = items.filter((item) => item.type !== discountLineType);
  if (delivered.every((item) => item.type.startsWith('domain') && done(item.domainStatus))) {
    await moveOrder(tx, link.orderId, 'completed', 'Every domain in the order is registered');
  }
}
