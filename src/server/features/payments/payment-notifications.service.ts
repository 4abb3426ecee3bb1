import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { orders, paymentNotifications, payments } from '#db/schema/index.ts';
import { centsToDecimalString } from '#shared/money.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import {
  PaymentMethodUnavailableError,
  type NotifyingPaymentMethod as PaymentMethod,
  type PaymentMethodId,
  type PaymentNotification,
} from '../../integrations/payment-methods/payment-method.ts';
import {
  notifyingMethod,
  paymentMethod,
} from '../../integrations/payment-methods/payment-methods.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { newReference } from '../../lib/references.ts';
import {
  applySubscriptionNotification,
  monthlyAmountFor,
} from '../subscriptions/subscriptions.service.ts';
import { notificationUnconfirmedAdminMail } from './payment-mails.ts';
import { type PaymentDeps } from './payments.service.ts';
import { keepOverpayment, settlePaidPayment } from './order-settlement.service.ts';

/**
 * A payment method's notifications (PayFast's ITN), one way through: received and stored at
 * once, then checked by a job (the method's cheap checks, our payment and its amount, the
 * method's network checks) and applied in one transaction per charge.
 */

type Verdict = { accepted: boolean; reason: string };
/** An amount as the methods write it in their notifications: 1234.50. */
const plain = centsToDecimalString;
type PaymentRow = typeof payments.$inferSelect;

/**
 * Takes a notification in. One that fails the cheap checks is refused at once and nothing is
 * queued; it is kept, with why, only when it names one of our payments (the debug page shows
 * it). One that passes is stored exactly as it arrived with the job that checks it (one
 * transaction), so the method gets its 200 at once; `checkNotification` decides what it means.
 */
export async function receiveNotification(
  deps: PaymentDeps,
  input: { method: PaymentMethodId; fields: [string, string][]; ip: string },
): Promise<{ accepted: true; id: number } | { accepted: false; reason: string }> {
  const method = notifyingMethod(deps.config, input.method);
  const screened = await screenNotification(deps.db, method, input.fields);
  const stored = {
    method: method.id,
    ...method.identify(input.fields),
    ip: input.ip,
    fields: input.fields,
  };
  if ('refused' in screened) {
    if (screened.payment) {
      await deps.db.insert(paymentNotifications).values({
        ...stored,
        accepted: false,
        reason: screened.refused,
        checkedAt: sql`now()`,
      });
    }
    return { accepted: false, reason: screened.refused };
  }
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentNotifications)
      .values(stored)
      .returning({ id: paymentNotifications.id });
    await enqueueJob(
      tx,
      'check-payment-notification',
      { notificationId: row!.id },
      { key: `check-payment-notification:${row!.id}` },
    );
    return row!.id;
  });
  return { accepted: true, id };
}

/** Stored notifications not checked yet, counted up to `limit` (the notify route's bound). */
export async function countUncheckedNotifications(db: Db, limit: number): Promise<number> {
  const waiting = db
    .select({ id: paymentNotifications.id })
    .from(paymentNotifications)
    .where(isNull(paymentNotifications.accepted))
    .limit(limit)
    .as('waiting');
  const [row] = await db.select({ n: count() }).from(waiting);
  return row?.n ?? 0;
}

/**
 * Checks one stored notification and records the verdict on its row (the job, which runs it
 * once at a time). Null when it is already checked. Without the method's verdict on its own
 * confirmation the row says so and PaymentMethodUnavailableError is thrown, for a later try.
 */
export async function checkNotification(
  deps: PaymentDeps,
  id: number,
): Promise<(Verdict & { paidOrderId?: string }) | null> {
  const [row] = await deps.db
    .select()
    .from(paymentNotifications)
    .where(and(eq(paymentNotifications.id, id), isNull(paymentNotifications.accepted)));
  if (!row) return null;
  const method = notifyingMethod(deps.config, row.method);
  const verdict = await applyNotification(deps, method, {
    id,
    fields: row.fields,
    ip: row.ip ?? '',
  }).catch(async (error: unknown) => {
    if (error instanceof PaymentMethodUnavailableError) {
      await deps.db
        .update(paymentNotifications)
        .set({
          reason: `waiting for ${method.provider}'s confirmation: ${error.message}`.slice(0, 500),
        })
        .where(eq(paymentNotifications.id, id));
    }
    throw error;
  });
  // A refusal before the transaction (signature, source, INVALID) is written here.
  await recordVerdict(deps.db, id, verdict);
  return verdict;
}

/**
 * Writes a row's verdict unless it has one: a second check of the same row (a run whose lease
 * ran out, another process) never overwrites the verdict that applied the payment.
 */
const recordVerdict = (db: Db | Tx, id: number, verdict: Verdict) =>
  db
    .update(paymentNotifications)
    .set({ accepted: verdict.accepted, reason: verdict.reason, checkedAt: sql`now()` })
    .where(and(eq(paymentNotifications.id, id), isNull(paymentNotifications.accepted)));

/**
 * Tells the company address that the method has given no verdict on a notification for `tries`
 * tries (the job calls it after a few tries, and once more when it gives up).
 */
export async function reportUnconfirmedNotification(
  { db, config }: PaymentDeps,
  input: { notificationId: number; error: string; tries: number; final: boolean },
): Promise<void> {
  const [row] = await db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.id, input.notificationId));
  await queueMail(db, {
    to: config.site.contactEmail,
    ...notificationUnconfirmedAdminMail(config, {
      ...input,
      method: row ? paymentMethod(config, row.method).provider : 'The payment method',
      paymentReference: row?.paymentReference ?? null,
    }),
  });
}

type Screened =
  | { refused: string; payment?: PaymentRow }
  | { payment: PaymentRow; notification: PaymentNotification };

/**
 * The checks a notification must pass before anything is stored or done for it, all cheap: the
 * method's own (signature, merchant, readable fields), then a payment of ours and its exact
 * amount — the payment's, or a later month's of the subscription it opened.
 */
async function screenNotification(
  db: Db,
  method: PaymentMethod,
  fields: [string, string][],
): Promise<Screened> {
  const read = method.readNotification(fields);
  const [payment] = read.paymentReference
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.reference, read.paymentReference), eq(payments.method, method.id)))
    : [];
  if ('refused' in read) return { refused: read.refused, payment };
  if (!payment) return { refused: `unknown payment reference ${read.paymentReference}` };
  const gross = read.amounts.grossCents;
  if (gross !== null) {
    // A later month (another charge of the subscription the payment opened) is measured against
    // the subscription's amount due, never the first payment's; the first charge (and PayFast
    // sending it again) against the payment's own.
    const monthly = await monthlyAmountFor(db, payment, read.recurringToken ?? '');
    const laterMonth = monthly !== null && payment.externalId !== read.externalId;
    const expected = laterMonth ? monthly : payment.amountCents;
    if (gross !== expected) {
      return { refused: `amount ${plain(gross)} does not match ${plain(expected)}`, payment };
    }
  }
  return { payment, notification: read };
}

/**
 * What a notification means: nothing is trusted until the method's checks, our payment and its
 * amount, and the method's own confirmation all pass; then, once per charge and in one
 * transaction, the payment and its order change.
 */
async function applyNotification(
  { db, config, orderLines }: PaymentDeps,
  method: PaymentMethod,
  input: { id: number; fields: [string, string][]; ip: string },
): Promise<Verdict & { paidOrderId?: string }> {
  const screened = await screenNotification(db, method, input.fields);
  if ('refused' in screened) return { accepted: false, reason: screened.refused };
  const confirmed = await method.confirmNotification(input.fields, input.ip);
  if (!confirmed.confirmed) return { accepted: false, reason: confirmed.reason };
  return db.transaction(async (tx) => {
    const verdict = await applyConfirmed(tx, { config, orderLines }, method, screened);
    // In the same transaction as what it did: a second check of this row waiting on the
    // payment's lock then finds it checked and cannot put its "duplicate" in its place.
    await recordVerdict(tx, input.id, verdict);
    return verdict;
  });
}

/** What a confirmed notification changes, in the caller's transaction, once per charge. */
async function applyConfirmed(
  tx: Tx,
  { config, orderLines }: Omit<PaymentDeps, 'db'>,
  method: PaymentMethod,
  { payment, notification }: Exclude<Screened, { refused: string }>,
): Promise<Verdict & { paidOrderId?: string }> {
  const [current] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, payment.id))
    .for('update');
  // A later month of a subscription names the first payment and carries the token.
  const monthly = await applySubscriptionNotification(
    tx,
    { config, orderLines },
    {
      payment: current!,
      method,
      notification,
    },
  );
  if (monthly) return monthly;
  const [seen] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.method, method.id), eq(payments.externalId, notification.externalId)));
  if (seen) return { accepted: true, reason: 'duplicate: already applied' };
  const { statusText } = notification;
  if (current!.status === 'paid') {
    if (notification.outcome !== 'paid') {
      return {
        accepted: true,
        reason: `${statusText}: the payment is paid already; nothing moved`,
      };
    }
    return recordSecondCharge(tx, config, method, { payment: current!, notification });
  }
  if (notification.outcome === 'paid') {
    return settlePaidPayment(
      tx,
      { config, orderLines },
      { payment: current!, method, notification },
    );
  }
  if (notification.outcome === 'failed' || notification.outcome === 'cancelled') {
    await tx
      .update(payments)
      .set({
        status: notification.outcome,
        externalId: notification.externalId,
        ...notification.amounts,
      })
      .where(eq(payments.id, payment.id));
    return { accepted: true, reason: `${statusText}: recorded, the order stays payable` };
  }
  return { accepted: true, reason: `${statusText}: nothing to change yet` };
}

/**
 * The method took money again on a payment that is paid already (a new charge id for the same
 * payment reference): it is money received all the same, so it is recorded as a payment of its
 * own, flagged as an overpayment kept as account credit, and the company and the customer are told.
 */
async function recordSecondCharge(
  tx: Tx,
  config: PaymentDeps['config'],
  method: PaymentMethod,
  { payment, notification }: { payment: PaymentRow; notification: PaymentNotification },
): Promise<Verdict> {
  const amountCents = notification.amounts.grossCents ?? payment.amountCents;
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
  const [second] = await tx
    .insert(payments)
    .values({
      reference: newReference('PAY', 8),
      orderId: payment.orderId,
      method: method.id,
      externalId: notification.externalId,
      status: 'paid',
      amountCents,
      ...notification.amounts,
      overpayment: true,
      paidAt: sql`now()`,
      fields: [],
    })
    .returning({ id: payments.id, reference: payments.reference });
  await keepOverpayment(tx, config, {
    order: order!,
    paymentId: second!.id,
    paymentReference: second!.reference,
    amountCents,
  });
  return {
    accepted: true,
    reason: `${notification.statusText}: a second charge ${notification.externalId} on paid payment ${payment.reference}, recorded as overpayment ${second!.reference}, kept as the customer's account credit`,
  };
}
