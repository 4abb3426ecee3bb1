import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orders, payments } from '#db/schema/index.ts';
import { releaseOrderMoney } from '../credit/credit-ledger.service.ts';
import { releaseOrderLines, type OrderLineRegistry } from './order-lines.service.ts';
import { moveOrder } from './order-status.service.ts';

/**
 * One cart, one purchase. Each try to pay a cart (PayFast left with Back, a second tab, card
 * after a bank transfer) stores an order of its own, linked by the cart's id; the first one paid
 * closes the others, so no second payable order is left, and money that still arrives for one of
 * them is the customer's credit instead of a second purchase.
 */

type OrderRow = typeof orders.$inferSelect;

/**
 * Serialises what pays a customer's orders for the rest of the transaction: two tabs paying two
 * tries of one cart queue up, and the second finds the first paid. Taken before any order lock.
 */
export async function lockCustomerOrders(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`orders:${userId}`}))`);
}

/** The paid order from the same cart that replaced `order`, if there is one. */
export async function replacedBy(tx: Tx, order: OrderRow): Promise<OrderRow | null> {
  if (!order.cartId || !order.userId) return null;
  const [paid] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, order.userId),
        eq(orders.cartId, order.cartId),
        ne(orders.id, order.id),
        inArray(orders.status, ['paid', 'in_progress', 'completed']),
      ),
    )
    .limit(1);
  return paid ?? null;
}

/**
 * Closes an unpaid try of a cart that `paid` replaced: its open payment attempts end, it is
 * cancelled, and what it received (credit applied, a part payment) becomes credit. An attempt
 * another transaction holds (its own payment being settled) is left to that one, which then
 * finds the order replaced.
 */
export async function closeReplacedOrder(
  tx: Tx,
  registry: OrderLineRegistry,
  order: OrderRow,
  paid: OrderRow,
): Promise<void> {
  const open = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
    .for('update', { skipLocked: true });
  if (open.length > 0) {
    await tx
      .update(payments)
      .set({ status: 'cancelled' })
      .where(
        inArray(
          payments.id,
          open.map((row) => row.id),
        ),
      );
  }
  const closed = await moveOrder(
    tx,
    order.id,
    'cancelled',
    `Replaced by order ${paid.reference}, paid`,
  );
  await releaseOrderMoney(tx, order);
  // A name it still holds goes back on sale; the paid try holds its own.
  await releaseOrderLines(tx, registry, closed);
}

/** The other unpaid tries of the cart `paid` was made from are closed; running it again does nothing. */
export async function closeOtherTries(
  tx: Tx,
  registry: OrderLineRegistry,
  paid: OrderRow,
): Promise<void> {
  if (!paid.cartId || !paid.userId) return;
  const others = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, paid.userId),
        eq(orders.cartId, paid.cartId),
        ne(orders.id, paid.id),
        eq(orders.status, 'pending_payment'),
      ),
    )
    .for('update', { skipLocked: true });
  for (const other of others) await closeReplacedOrder(tx, registry, other, paid);
}
