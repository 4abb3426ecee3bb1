import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { orderEvents, orders, payments, users } from '#db/schema/index.ts';
import { formatZAR } from '#shared/money.ts';
import { newReference } from '../../lib/references.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import {
  PaymentMethodRefusedError,
  PaymentMethodUnavailableError,
} from '../../integrations/payment-methods/payment-method.ts';
import { paymentMethod } from '../../integrations/payment-methods/payment-methods.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { paidTowards } from '../credit/credit-ledger.service.ts';
import { savedCardDeclinedMail } from './saved-card-mails.ts';
import { activeSavedCard } from './saved-cards.service.ts';

export interface SavedCardChargeDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'payfast' | 'eft' | 'site'>;
}

/**
 * Queues the charge of an order to its customer's saved card, when they keep one (in the
 * caller's transaction; once per order while it waits). Returns whether a charge was queued.
 */
export async function scheduleSavedCardCharge(
  tx: Tx,
  order: { reference: string; userId: string },
): Promise<boolean> {
  if (!(await activeSavedCard(tx, order.userId))) return false;
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.reference, order.reference));
  if (!row) return false;
  await enqueueJob(
    tx,
    'charge-saved-card',
    { orderId: row.id },
    { key: `charge-saved-card:${row.id}` },
  );
  return true;
}

/**
 * A dunning retry of an order whose saved-card charge was refused: the card is charged again
 * (its own job, keyed by the step so each retry charges once), when the customer still keeps a
 * card. Returns whether a charge was queued; without one the step reminds by mail instead.
 */
export async function retrySavedCardCharge(
  tx: Tx,
  order: { id: string; userId: string | null },
  step: string,
): Promise<boolean> {
  if (!order.userId || !(await activeSavedCard(tx, order.userId))) return false;
  const [refused] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.status, 'failed'),
        isNotNull(payments.savedCardId),
      ),
    )
    .limit(1);
  if (!refused) return false;
  await enqueueJob(
    tx,
    'charge-saved-card',
    { orderId: order.id },
    { key: `charge-saved-card:${order.id}:${step}` },
  );
  return true;
}

/**
 * The charge-saved-card job: what is due on an order still awaiting payment is charged to the
 * customer's saved card, as a payment of its own (PayFast's ITN for it settles the order, with its
 * invoice and receipt, like any card payment). A try that got no answer is tried again by the
 * queue with the same payment; a declined card (or, on the last try, still no answer) fails the
 * payment, leaves the order unpaid and tells the customer how to pay it and replace the card.
 */
export async function chargeOrderToSavedCard(
  deps: SavedCardChargeDeps,
  orderId: string,
  options: { lastAttempt: boolean },
): Promise<void> {
  const attempt = await deps.db.transaction((tx) => openCharge(tx, orderId));
  if (!attempt) return;
  const cards = paymentMethod(deps.config, attempt.card.method).savedCards;
  try {
    if (!cards) throw new PaymentMethodRefusedError('this payment method keeps no cards');
    await cards.charge({
      token: attempt.card.token,
      amountCents: attempt.payment.amountCents,
      itemName: `Order ${attempt.order.reference}`,
      paymentReference: attempt.payment.reference,
    });
  } catch (error) {
    const final =
      error instanceof PaymentMethodRefusedError ||
      (error instanceof PaymentMethodUnavailableError && options.lastAttempt);
    if (!final) throw error;
    await deps.db.transaction((tx) =>
      failCharge(tx, deps.config, attempt, error instanceof Error ? error.message : String(error)),
    );
  }
}

/**
 * The payment a charge goes through, with the order locked: the one a try without an answer
 * left pending, or a new one for what is still due; null when there is nothing to charge (the
 * order was paid or cancelled meanwhile, or the customer removed the card).
 */
async function openCharge(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order?.userId || order.status !== 'pending_payment') return null;
  const card = await activeSavedCard(tx, order.userId);
  if (!card) return null;
  const [waiting] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.savedCardId, card.id),
        eq(payments.status, 'pending'),
      ),
    );
  if (waiting) return { order, card, payment: waiting };
  const dueCents = order.totalCents - (await paidTowards(tx, order.id));
  if (dueCents <= 0) return null;
  const [payment] = await tx
    .insert(payments)
    .values({
      reference: newReference('PAY', 8),
      orderId: order.id,
      method: card.method,
      amountCents: dueCents,
      savedCardId: card.id,
      fields: [
        ['saved_card', card.label],
        ['amount_cents', String(dueCents)],
      ],
    })
    .returning();
  return { order, card, payment: payment! };
}

type Attempt = NonNullable<Awaited<ReturnType<typeof openCharge>>>;

/** A declined charge, once: the payment failed, the order's history says why, the customer is told. */
async function failCharge(
  tx: Tx,
  config: SavedCardChargeDeps['config'],
  attempt: Attempt,
  reason: string,
): Promise<void> {
  const [failed] = await tx
    .update(payments)
    .set({ status: 'failed' })
    .where(and(eq(payments.id, attempt.payment.id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (!failed) return;
  await tx.insert(orderEvents).values({
    orderId: attempt.order.id,
    fromStatus: attempt.order.status,
    toStatus: attempt.order.status,
    note: `Saved card charge ${attempt.payment.reference} failed: ${reason}`.slice(0, 500),
  });
  const [customer] = await tx.select().from(users).where(eq(users.id, attempt.order.userId!));
  if (!customer) return;
  await queueMail(tx, {
    to: customer.email,
    userId: customer.id,
    ...savedCardDeclinedMail(config, {
      name: customer.fullName,
      orderReference: attempt.order.reference,
      total: formatZAR(attempt.payment.amountCents),
      reason: reason.replace(/^PayFast declined the card: /, ''),
    }),
  });
}
