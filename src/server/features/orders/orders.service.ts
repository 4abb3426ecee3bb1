import { and, desc, eq } from 'drizzle-orm';
import { newReference } from '../../lib/references.ts';
import type { Db } from '#db/client.ts';
import { orderEvents, orderItems, orders } from '#db/schema/index.ts';
import { centsToRand, vatFromInclusive } from '#shared/money.ts';
import type { Order } from '#shared/orders.schemas.ts';
import type { Registrar } from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';
import { isUniqueViolation } from '../auth/auth.service.ts';
import { createDomainOrder } from '../domains/domain-orders.service.ts';
import type { PricedLine } from './order-pricing.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export const toOrder = (order: OrderRow, items: ItemRow[]): Order => ({
  reference: order.reference,
  status: order.status,
  items: items.map((item) => ({
    type: item.type,
    title: item.title,
    quantity: item.quantity,
    unitPrice: centsToRand(item.unitPriceCents),
    total: centsToRand(item.totalCents),
  })),
  subtotal: centsToRand(order.subtotalCents),
  vat: centsToRand(order.vatCents),
  total: centsToRand(order.totalCents),
  createdAt: order.createdAt.toISOString(),
});

/** Stores the priced lines as one order awaiting payment: all of it, or nothing. */
export async function createOrder(
  db: Db,
  input: { userId: string; lines: PricedLine[]; registrar: Registrar['provider'] },
): Promise<Order> {
  const totalCents = input.lines.reduce((sum, line) => sum + line.totalCents, 0);
  const vatCents = vatFromInclusive(totalCents);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [order] = await tx
          .insert(orders)
          .values({
            reference: newReference('SO', 6),
            userId: input.userId,
            subtotalCents: totalCents - vatCents,
            vatCents,
            totalCents,
          })
          .returning();
        const items: ItemRow[] = [];
        for (const line of input.lines) {
          let domainOrderId: string | null = null;
          if (line.input.type === 'domain') {
            const domainOrder = await createDomainOrder(tx, {
              userId: input.userId,
              domain: line.domain!,
              years: line.input.years,
              priceCents: line.totalCents,
              registrarCostCents: line.registrarCostCents ?? 0,
              registration: {
                years: line.input.years,
                registrant: line.input.registrant,
                privacy: line.input.privacy,
                autoRenew: line.input.autoRenew,
              },
              registrar: input.registrar,
            });
            domainOrderId = domainOrder.id;
          }
          const [item] = await tx
            .insert(orderItems)
            .values({
              orderId: order!.id,
              type: line.type,
              title: line.title,
              packageId: line.packageId,
              addOnIds: line.addOnIds,
              domainOrderId,
              serviceRequestId: line.serviceRequestId ?? null,
              quantity: line.quantity,
              unitPriceCents: line.unitPriceCents,
              totalCents: line.totalCents,
              details:
                line.input.type === 'business-registration' ? { ...line.input.details } : null,
            })
            .returning();
          items.push(item!);
        }
        await tx.insert(orderEvents).values({ orderId: order!.id, toStatus: 'pending_payment' });
        return toOrder(order!, items);
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
  const result: Order[] = [];
  for (const row of rows) {
    result.push(
      toOrder(row, await db.select().from(orderItems).where(eq(orderItems.orderId, row.id))),
    );
  }
  return result;
}

/** One order by reference: the customer's own, or any for an administrator. */
export async function getOrder(
  db: Db,
  reference: string,
  viewer: { userId?: string; admin?: boolean },
) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      viewer.admin
        ? eq(orders.reference, reference)
        : and(
            eq(orders.reference, reference),
            eq(orders.userId, viewer.userId ?? '00000000-0000-0000-0000-000000000000'),
          ),
    );
  if (!row)
    throw new AppError('NOT_FOUND', { message: `There is no order ${reference} in your account` });
  return toOrder(row, await db.select().from(orderItems).where(eq(orderItems.orderId, row.id)));
}
