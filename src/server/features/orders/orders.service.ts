import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { newReference } from '../../lib/references.ts';
import type { Db, Tx } from '#db/client.ts';
import { invoices, orderEvents, orderItems, orders, payments, users } from '#db/schema/index.ts';
import { invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import { centsToRand, vatFromInclusive } from '#shared/money.ts';
import type { AdminOrder, AdminOrderPage, Order, OrderStatus } from '#shared/orders.schemas.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/sessions.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { paidTowards, releaseOrderMoney } from '../credit/credit-ledger.service.ts';
import { moveOrder } from './order-status.service.ts';
import { discountLineType, type PricedLine } from './order-lines.service.ts';
import { paymentsOfOrders } from '../payments/refund-ledger.service.ts';
import { recurringCharge } from '../subscriptions/subscriptions.service.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** What a line charges each month after the first, in rand; null for a line paid once. */
export const monthlyOf = (item: ItemRow): number | null => {
  const charge = recurringCharge([item]);
  return charge ? centsToRand(charge.amountCents) : null;
};

export const toOrder = (
  order: OrderRow,
  items: ItemRow[],
  invoice: number | null,
  paying: { receivedCents: number; awaiting: Order['awaiting'] } = {
    receivedCents: 0,
    awaiting: null,
  },
): Order => ({
  reference: order.reference,
  status: order.status,
  items: items.map((item) => ({
    type: item.type,
    title: item.title,
    quantity: item.quantity,
    unitPrice: centsToRand(item.unitPriceCents),
    total: centsToRand(item.totalCents),
    monthly: monthlyOf(item),
  })),
  subtotal: centsToRand(order.subtotalCents),
  vat: centsToRand(order.vatCents),
  total: centsToRand(order.totalCents),
  createdAt: order.createdAt.toISOString(),
  paidAt: order.paidAt?.toISOString() ?? null,
  invoice: invoice === null ? null : invoiceNumber(invoice),
  received: centsToRand(paying.receivedCents),
  awaiting: paying.awaiting,
  dueOn: order.dueOn,
});

/** Orders with their lines and invoice numbers, in the order given. */
async function withLines(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids));
  const numbers = await db
    .select({ orderId: invoices.orderId, number: invoices.number })
    .from(invoices)
    .where(inArray(invoices.orderId, ids));
  const waiting = rows.filter((row) => row.status === 'pending_payment');
  const attempts =
    waiting.length === 0
      ? []
      : await db
          .select({ orderId: payments.orderId, method: payments.method })
          .from(payments)
          .where(
            and(
              inArray(
                payments.orderId,
                waiting.map((row) => row.id),
              ),
              eq(payments.status, 'pending'),
            ),
          );
  const received = new Map(
    await Promise.all(waiting.map(async (row) => [row.id, await paidTowards(db, row.id)] as const)),
  );
  return rows.map((row) =>
    toOrder(
      row,
      items.filter((item) => item.orderId === row.id),
      numbers.find((invoice) => invoice.orderId === row.id)?.number ?? null,
      {
        receivedCents: received.get(row.id) ?? 0,
        awaiting: (attempts.find((a) => a.orderId === row.id)?.method ?? null) as Order['awaiting'],
      },
    ),
  );
}

/** A discount on the whole order (a coupon's), worked out and taken in the order's transaction. */
export interface OrderDiscount {
  /** The discount line's title, as the order and its invoice show it. */
  title: string;
  /** What it takes off, VAT included. */
  cents: number;
  /** What each line bears of it, in the lines' order (figures per service count it). */
  perLine: number[];
  /** Records the use once the order exists (the coupon's redemption). */
  record(tx: Tx, orderId: string): Promise<void>;
}

/**
 * Stores the priced lines as one order awaiting payment, each with what its kind creates with it
 * (a domain order holding its name), and a discount as a line of its own: all of it, or nothing.
 * VAT is worked out on the total after the discount, the consideration actually charged.
 */
export async function createOrder(
  db: Db | Tx,
  input: {
    userId: string;
    lines: PricedLine[];
    /** A supplier not registered for VAT charges none, so none is stored. */
    vatRegistered: boolean;
    /** The browser cart it comes from (see cart-attempts.service.ts). */
    cartId?: string | undefined;
    /** An invoice the team sends (decision 025): who sent it, when it is due, what it bills. */
    bill?: Pick<OrderRow, 'issuedBy' | 'dueOn' | 'quoteId' | 'quotePart'>;
    /** Works out the discount in the order's transaction (a coupon, redeemed under its lock). */
    discount?: ((tx: Tx, lines: PricedLine[]) => Promise<OrderDiscount>) | undefined;
  },
): Promise<Order> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const discount = input.discount ? await input.discount(tx, input.lines) : null;
        const totalCents =
          input.lines.reduce((sum, line) => sum + line.totalCents, 0) - (discount?.cents ?? 0);
        const vatCents = input.vatRegistered ? vatFromInclusive(totalCents) : 0;
        const [order] = await tx
          .insert(orders)
          .values({
            reference: newReference('SO', 6),
            userId: input.userId,
            subtotalCents: totalCents - vatCents,
            vatCents,
            totalCents,
            cartId: input.cartId ?? null,
            ...input.bill,
          })
          .returning();
        const items: ItemRow[] = [];
        for (const [index, line] of input.lines.entries()) {
          const discountCents = discount?.perLine[index] ?? 0;
          // The line's own records (a domain order holding its name), by its kind.
          const links = line.create
            ? await line.create(tx, { userId: input.userId, discountCents })
            : {};
          const [item] = await tx
            .insert(orderItems)
            .values({
              orderId: order!.id,
              type: line.type,
              title: line.title,
              packageId: line.packageId,
              addOnIds: line.addOnIds,
              domainOrderId: links.domainOrderId ?? null,
              serviceRequestId: line.serviceRequestId ?? null,
              quantity: line.quantity,
              unitPriceCents: line.unitPriceCents,
              totalCents: line.totalCents,
              discountCents,
              details: line.details ?? null,
            })
            .returning();
          items.push(item!);
        }
        if (discount) {
          const [line] = await tx
            .insert(orderItems)
            .values({
              orderId: order!.id,
              type: discountLineType,
              title: discount.title,
              quantity: 1,
              unitPriceCents: -discount.cents,
              totalCents: -discount.cents,
            })
            .returning();
          items.push(line!);
          await discount.record(tx, order!.id);
        }
        await tx.insert(orderEvents).values({ orderId: order!.id, toStatus: 'pending_payment' });
        return toOrder(order!, items, null);
      });
    } catch (error) {
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

export async function listOrders(db: Db, userId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(100);
  return withLines(db, rows);
}

/** One order by reference: the customer's own, or any for an administrator. */
export async function getOrder(db: Db, reference: string, viewer: Viewer) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      'admin' in viewer
        ? eq(orders.reference, reference)
        : and(eq(orders.reference, reference), eq(orders.userId, viewer.userId)),
    );
  if (!row)
    throw new AppError('NOT_FOUND', { message: `There is no order ${reference} in your account` });
  const [order] = await withLines(db, [row]);
  return order!;
}

const adminPageSize = 20;

/** Orders with their customer and history, for the back office. */
async function toAdminOrders(db: Db, rows: OrderRow[]): Promise<AdminOrder[]> {
  if (rows.length === 0) return [];
  const base = await withLines(db, rows);
  const ids = rows.map((row) => row.id);
  const events = await db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, ids))
    .orderBy(orderEvents.id);
  const userIds = rows.flatMap((row) => (row.userId ? [row.userId] : []));
  const customers = userIds.length
    ? await db
        .select({ id: users.id, name: users.fullName, email: users.email })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const paymentsBy = await paymentsOfOrders(db, ids);
  return rows.map((row, index) => {
    const customer = customers.find((c) => c.id === row.userId);
    return {
      ...base[index]!,
      customer: customer ? { name: customer.name, email: customer.email } : null,
      payments: paymentsBy.get(row.id) ?? [],
      events: events
        .filter((event) => event.orderId === row.id)
        .map((event) => ({
          fromStatus: event.fromStatus,
          toStatus: event.toStatus,
          note: event.note,
          createdAt: event.createdAt.toISOString(),
        })),
    };
  });
}

/** Every order, newest first, optionally of one status; 20 to a page. */
export async function listAdminOrders(
  db: Db,
  query: { page: number; status?: OrderStatus | undefined },
): Promise<AdminOrderPage> {
  const where = query.status ? eq(orders.status, query.status) : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(orders).where(where)) as [
    { total: number },
  ];
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(adminPageSize)
    .offset((query.page - 1) * adminPageSize);
  return {
    items: await toAdminOrders(db, rows),
    page: query.page,
    pageSize: adminPageSize,
    total: Number(total),
  };
}

/** An administrator moves an order on (work started, completed, refunded…); audited. */
export async function changeOrderStatus(
  db: Db,
  input: {
    reference: string;
    status: OrderStatus;
    note?: string | undefined;
    admin: { id: string; email: string };
    ip: string;
  },
): Promise<AdminOrder> {
  const row = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.reference, input.reference));
    if (!order)
      throw new AppError('NOT_FOUND', { message: `There is no order ${input.reference}` });
    if (order.status === input.status) return order;
    // An unpaid order given up: what it received (a part payment, credit) is the customer's credit.
    if (input.status === 'cancelled' && order.status === 'pending_payment') {
      await releaseOrderMoney(tx, order);
    }
    const moved = await moveOrder(
      tx,
      order.id,
      input.status,
      input.note || `By ${input.admin.email}`,
    );
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'order.status_changed',
      entityType: 'order',
      entityId: order.reference,
      details: {
        from: order.status,
        to: input.status,
        ...(input.note ? { note: input.note } : {}),
      },
      ip: input.ip,
    });
    return moved;
  });
  const [order] = await toAdminOrders(db, [row]);
  return order!;
}
