import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  invoices,
  orderEvents,
  orderItems,
  orders,
  payments,
  subscriptions,
  users,
} from '#db/schema/index.ts';
import { centsToRand, vatFromInclusive } from '#shared/money.ts';
import type { AdminSubscription, Subscription } from '#shared/subscriptions.schemas.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import {
  PaymentMethodRefusedError,
  type PaymentMethod,
  type PaymentNotification,
} from '../../integrations/payment-methods/payment-method.ts';
import { paymentMethod } from '../../integrations/payment-methods/payment-methods.ts';
import { invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { newReference } from '../../lib/references.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { moveOrder } from '../orders/order-status.service.ts';
import { issueInvoice } from '../payments/invoices.service.ts';
import { nextMonth, saToday } from '#shared/dates.ts';
import { monthlyCharge } from './monthly-charge.ts';
import {
  cancellationRefusedAdminMail,
  monthlyPaymentFailedAdminMail,
  monthlyPaymentFailedMail,
  monthlyReceiptMail,
  subscriptionCancelledMail,
} from './subscription-mails.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
export interface SubscriptionDeps {
  db: Db;
  config: Pick<Config, 'payfast' | 'site' | 'publicUrl' | 'supplier'>;
}

const orderLines = (tx: Db | Tx, orderId: string) =>
  tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));

/**
 * What an order with monthly parts asks the payment method to charge again (null without): the
 * first month is in the payment today, the monthly amount is charged from a month after the day
 * the payment was started, until cancelled.
 */
export function recurringCharge(
  lines: Parameters<typeof monthlyCharge>[0],
  startedAt = new Date(),
): { amountCents: number; firstBillingDate: string } | null {
  const charge = monthlyCharge(lines);
  if (charge.totalCents === 0) return null;
  return { amountCents: charge.totalCents, firstBillingDate: nextMonth(saToday(startedAt)) };
}

/**
 * The first month's COMPLETE ITN carries the subscription's token: the paid order's monthly
 * lines become a subscription, and its first payment the subscription's first charge.
 */
export async function openSubscription(
  tx: Tx,
  input: { order: typeof orders.$inferSelect; payment: PaymentRow; token: string },
): Promise<void> {
  const charge = monthlyCharge(await orderLines(tx, input.order.id));
  if (charge.totalCents === 0) return;
  const [opened] = await tx
    .insert(subscriptions)
    .values({
      reference: newReference('SUB', 8),
      userId: input.order.userId,
      orderId: input.order.id,
      method: input.payment.method,
      token: input.token,
      title: charge.title.slice(0, 300),
      amountCents: charge.totalCents,
      // The first billing date the method was given when the payment started.
      nextBillingDate: nextMonth(saToday(input.payment.createdAt)),
    })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (opened) {
    await tx
      .update(payments)
      .set({ subscriptionId: opened.id })
      .where(eq(payments.id, input.payment.id));
  }
}

/**
 * The amount PayFast may charge on a later month of the payment `reference` started, when the
 * ITN carries that subscription's token (the first charge is the payment's own amount).
 */
export async function monthlyAmountFor(
  db: Db,
  payment: PaymentRow,
  token: string,
): Promise<number | null> {
  if (!token) return null;
  const [row] = await db
    .select({ amountCents: subscriptions.amountCents })
    .from(subscriptions)
    .where(and(eq(subscriptions.token, token), eq(subscriptions.orderId, payment.orderId)));
  return row?.amountCents ?? null;
}

type Verdict = { accepted: true; reason: string };

/**
 * A notification for a month after the first (its recurring token names a subscription of the
 * payment's order): paid is that month's payment with its own order and invoice, failed is
 * recorded and told, cancelled (the method or the buyer stopped it there) ends the subscription.
 * Null when it is not about a later month, for the payment's own handling. Runs in the
 * notification's transaction, with the first payment's row locked, so one charge (the method's
 * external id) is applied once.
 */
export async function applySubscriptionNotification(
  tx: Tx,
  config: SubscriptionDeps['config'],
  input: {
    payment: PaymentRow;
    method: Pick<PaymentMethod, 'id' | 'provider' | 'label'>;
    notification: PaymentNotification;
  },
): Promise<Verdict | null> {
  const { payment, method, notification } = input;
  const token = notification.recurringToken;
  if (!token) return null;
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.token, token), eq(subscriptions.orderId, payment.orderId)))
    .for('update');
  if (!subscription) return null;
  const [seen] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.method, method.id), eq(payments.externalId, notification.externalId)));
  if (seen) return { accepted: true, reason: 'duplicate: already applied' };
  const charge = {
    method: method.id,
    externalId: notification.externalId,
    ...notification.amounts,
    fields: [],
  };
  if (notification.outcome === 'cancelled') {
    await endSubscription(tx, config, subscription);
    return { accepted: true, reason: `CANCELLED: subscription ${subscription.reference} ended` };
  }
  const [customer] = subscription.userId
    ? await tx.select().from(users).where(eq(users.id, subscription.userId))
    : [];
  if (notification.outcome === 'failed') {
    await tx.insert(payments).values({
      reference: newReference('PAY', 8),
      orderId: subscription.orderId,
      subscriptionId: subscription.id,
      status: 'failed',
      amountCents: subscription.amountCents,
      ...charge,
    });
    const failed = subscription.failedCharges + 1;
    await tx
      .update(subscriptions)
      .set({ failedCharges: failed, lastFailedAt: sql`now()` })
      .where(eq(subscriptions.id, subscription.id));
    const about = {
      reference: subscription.reference,
      title: subscription.title,
      amountCents: subscription.amountCents,
    };
    if (customer) {
      await queueMail(tx, {
        to: customer.email,
        userId: customer.id,
        ...monthlyPaymentFailedMail(config, { ...about, name: customer.fullName }),
      });
    }
    await queueMail(tx, {
      to: config.site.contactEmail,
      ...monthlyPaymentFailedAdminMail(config, {
        ...about,
        email: customer?.email ?? 'deleted account',
        failed,
      }),
    });
    return { accepted: true, reason: `FAILED: monthly charge of ${subscription.reference}` };
  }
  if (notification.outcome !== 'paid') {
    return { accepted: true, reason: `${notification.statusText}: nothing to change yet` };
  }
  const order = await renewalOrder(tx, config, subscription);
  await tx.insert(payments).values({
    reference: newReference('PAY', 8),
    orderId: order.id,
    subscriptionId: subscription.id,
    status: 'paid',
    amountCents: subscription.amountCents,
    ...charge,
    paidAt: sql`now()`,
  });
  const paid = await moveOrder(
    tx,
    order.id,
    'paid',
    `${method.provider} ${charge.externalId} (monthly)`,
  );
  const invoice = await issueInvoice(tx, config.supplier, paid, method.label);
  const nextBillingDate = nextMonth(subscription.nextBillingDate);
  await tx
    .update(subscriptions)
    .set({ nextBillingDate, failedCharges: 0 })
    .where(eq(subscriptions.id, subscription.id));
  if (customer) {
    await queueMail(tx, {
      to: customer.email,
      userId: customer.id,
      attachments: [{ kind: 'invoice', orderReference: paid.reference }],
      ...monthlyReceiptMail(config, {
        name: customer.fullName,
        title: subscription.title,
        amountCents: subscription.amountCents,
        orderReference: paid.reference,
        invoice: `${config.supplier.vatNumber ? 'tax invoice' : 'invoice'} ${invoiceNumber(invoice)}`,
        nextBillingDate,
      }),
    });
  }
  return {
    accepted: true,
    reason: `COMPLETE: monthly charge of ${subscription.reference} paid as order ${paid.reference}`,
  };
}

/** A month's order: the first order's monthly lines at the subscribed price, one invoice of its own. */
async function renewalOrder(
  tx: Tx,
  config: SubscriptionDeps['config'],
  subscription: SubscriptionRow,
) {
  const charge = monthlyCharge(await orderLines(tx, subscription.orderId));
  const vatCents = config.site.vatRegistered ? vatFromInclusive(subscription.amountCents) : 0;
  const [order] = await tx
    .insert(orders)
    .values({
      reference: newReference('SO', 6),
      userId: subscription.userId,
      subtotalCents: subscription.amountCents - vatCents,
      vatCents,
      totalCents: subscription.amountCents,
    })
    .returning();
  // The lines as first ordered; a subscription's price is the one PayFast charges, so if the
  // catalogue moved meanwhile the lines still add up to it (it was fixed at checkout).
  for (const line of charge.lines) {
    await tx.insert(orderItems).values({
      orderId: order!.id,
      type: line.type,
      title: line.title,
      packageId: line.packageId,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
      details: { parts: line.parts, subscription: subscription.reference },
    });
  }
  await tx.insert(orderEvents).values({ orderId: order!.id, toStatus: 'pending_payment' });
  return order!;
}

/**
 * Marks a subscription ended (PayFast's CANCELLED ITN, or its API's yes to our cancel) and tells
 * the customer, once: whichever of the two comes second finds it ended already.
 */
async function endSubscription(
  tx: Db | Tx,
  config: SubscriptionDeps['config'],
  subscription: SubscriptionRow,
): Promise<void> {
  const [ended] = await tx
    .update(subscriptions)
    .set({ status: 'cancelled', cancelledAt: sql`now()` })
    .where(and(eq(subscriptions.id, subscription.id), sql`${subscriptions.status} <> 'cancelled'`))
    .returning({ id: subscriptions.id });
  if (!ended || !subscription.userId) return;
  const [customer] = await tx.select().from(users).where(eq(users.id, subscription.userId));
  if (!customer) return;
  await queueMail(tx, {
    to: customer.email,
    userId: customer.id,
    ...subscriptionCancelledMail(config, {
      name: customer.fullName,
      title: subscription.title,
      reference: subscription.reference,
    }),
  });
}

/**
 * Marks an active subscription `cancelling` and queues the job that asks PayFast to stop it (one
 * transaction); `owner` limits it to the customer's own. Answers the row, for an audit entry.
 */
async function startCancellation(
  tx: Tx,
  reference: string,
  owner?: string,
): Promise<SubscriptionRow> {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.reference, reference),
        owner ? eq(subscriptions.userId, owner) : undefined,
      ),
    )
    .for('update');
  if (!subscription) {
    throw new AppError('NOT_FOUND', {
      message: `There is no subscription ${reference}${owner ? ' in your account' : ''}`,
    });
  }
  if (subscription.status !== 'active') {
    throw new AppError('CONFLICT', {
      message: `Subscription ${reference} is already ${subscription.status}`,
    });
  }
  await tx
    .update(subscriptions)
    .set({ status: 'cancelling' })
    .where(eq(subscriptions.id, subscription.id));
  await enqueueJob(tx, 'cancel-subscription', { subscriptionId: subscription.id });
  return subscription;
}

/** The customer asks to stop a subscription: PayFast is asked by a job, retried while it is down. */
export async function requestCancellation(
  db: Db,
  input: { userId: string; reference: string },
): Promise<Subscription> {
  await db.transaction((tx) => startCancellation(tx, input.reference, input.userId));
  const [mine] = await listSubscriptions(db, { userId: input.userId, reference: input.reference });
  return mine!;
}

/**
 * The cancel-subscription job: PayFast's subscription API cancels the token. Its "no" (or no
 * answer by the last try) puts the subscription back to active and tells the company, since
 * PayFast may still charge the card; no answer before that is tried again.
 */
export async function carryOutCancellation(
  { db, config }: SubscriptionDeps,
  subscriptionId: string,
  { lastAttempt }: { lastAttempt: boolean },
): Promise<void> {
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!subscription || subscription.status !== 'cancelling') return;
  try {
    const { recurring, label } = paymentMethod(config, subscription.method);
    if (!recurring) throw new PaymentMethodRefusedError(`${label} has no recurring billing`);
    await recurring.cancel(subscription.token);
  } catch (error) {
    if (!(error instanceof PaymentMethodRefusedError) && !lastAttempt) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    await db.transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({ status: 'active' })
        .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.status, 'cancelling')));
      const [customer] = subscription.userId
        ? await tx.select().from(users).where(eq(users.id, subscription.userId))
        : [];
      await queueMail(tx, {
        to: config.site.contactEmail,
        ...cancellationRefusedAdminMail(config, {
          reference: subscription.reference,
          email: customer?.email ?? 'deleted account',
          reason,
        }),
      });
    });
    throw error;
  }
  await db.transaction((tx) => endSubscription(tx, config, subscription));
}

/** An administrator stops a subscription (a customer on the phone, a dispute), audited. */
export async function cancelForCustomer(
  db: Db,
  input: { reference: string; admin: { id: string; email: string }; ip: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const subscription = await startCancellation(tx, input.reference);
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'subscription.cancel',
      entityType: 'subscription',
      entityId: subscription.reference,
      ip: input.ip,
    });
  });
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function summary(row: SubscriptionRow) {
  return {
    reference: row.reference,
    title: row.title,
    amount: centsToRand(row.amountCents),
    status: row.status,
    nextBillingDate: row.status === 'cancelled' ? null : row.nextBillingDate,
    failedCharges: row.failedCharges,
    startedAt: row.createdAt.toISOString(),
    cancelledAt: iso(row.cancelledAt),
  };
}

/** The caller's subscriptions with every charge (newest first), or one of them by reference. */
export async function listSubscriptions(
  db: Db,
  filter: { userId: string; reference?: string },
): Promise<Subscription[]> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, filter.userId),
        filter.reference ? eq(subscriptions.reference, filter.reference) : undefined,
      ),
    )
    .orderBy(desc(subscriptions.createdAt));
  if (rows.length === 0) return [];
  const charges = await db
    .select({ payment: payments, orderReference: orders.reference, invoice: invoices.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(
      inArray(
        payments.subscriptionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(desc(payments.createdAt), asc(payments.reference));
  return rows.map((row) => ({
    ...summary(row),
    charges: charges
      .filter((charge) => charge.payment.subscriptionId === row.id)
      .map(({ payment, orderReference, invoice }) => ({
        paymentReference: payment.reference,
        orderReference: payment.status === 'paid' ? orderReference : null,
        invoice: payment.status === 'paid' && invoice !== null ? invoiceNumber(invoice) : null,
        status: payment.status,
        amount: centsToRand(payment.amountCents),
        date: (payment.paidAt ?? payment.createdAt).toISOString(),
      })),
  }));
}

/** Every subscription for the back office: failing ones first, then the newest. */
export async function listAdminSubscriptions(db: Db): Promise<AdminSubscription[]> {
  const rows = await db
    .select({ subscription: subscriptions, user: users, orderReference: orders.reference })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .leftJoin(users, eq(users.id, subscriptions.userId))
    .orderBy(desc(subscriptions.failedCharges), desc(subscriptions.createdAt))
    .limit(500);
  return rows.map(({ subscription, user, orderReference }) => ({
    ...summary(subscription),
    customer: user ? { name: user.fullName, email: user.email } : null,
    orderReference,
    lastFailedAt: iso(subscription.lastFailedAt),
  }));
}
