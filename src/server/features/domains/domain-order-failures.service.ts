/**
 * A domain order that cannot be completed: marked failed, its money given back automatically where
 * it can be, the customer told.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { domainOrders, orderItems } from '#db/schema/index.ts';
import { formatZAR } from '#shared/money.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError } from '../../plugins/errors.ts';
import { refundOrderPart } from '../payments/refunds.service.ts';
import { domainFailedAdminMail, domainFailedMail } from './domain-order-mails.ts';
import {
  recordEvent,
  toRegistrant,
  type Order,
  type RegistrationDeps,
} from './domain-orders.service.ts';

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
export async function refundFailedLine(tx: Db | Tx, order: Order, reason: string) {
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
