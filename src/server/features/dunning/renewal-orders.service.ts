import { eq } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orders } from '#db/schema/index.ts';
import type { DunningKind } from '#shared/dunning.schemas.ts';
import type { PricedLine } from '../orders/order-lines.service.ts';
import { createOrder } from '../orders/orders.service.ts';
import { scheduleSavedCardCharge } from '../saved-cards/saved-card-charges.service.ts';
import { openDunningCase } from './dunning-cases.service.ts';

/**
 * A renewal made ahead of its due date (a domain's expiry, a yearly service's year end), in the
 * caller's transaction: one order awaiting payment for `line`, chased until paid by the owners'
 * policy of `kind` from `dueAt`, and charged today to the customer's saved card when they keep
 * one. Answers the order's reference and whether a card charge was queued (else the caller
 * mails the customer how to pay).
 */
export async function openRenewalOrder(
  tx: Tx,
  input: {
    userId: string;
    line: PricedLine;
    kind: DunningKind;
    title: string;
    dueAt: Date;
    vatRegistered: boolean;
  },
): Promise<{ reference: string; charged: boolean }> {
  const order = await createOrder(tx, {
    userId: input.userId,
    vatRegistered: input.vatRegistered,
    lines: [input.line],
  });
  const [stored] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.reference, order.reference));
  await openDunningCase(tx, {
    kind: input.kind,
    userId: input.userId,
    orderId: stored!.id,
    title: input.title,
    amountCents: input.line.totalCents,
    dueAt: input.dueAt,
  });
  const charged = await scheduleSavedCardCharge(tx, {
    reference: order.reference,
    userId: input.userId,
  });
  return { reference: order.reference, charged };
}
