import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  orderEvents,
  orderItems,
  orders,
  payments,
  subscriptions,
  users,
} from '#db/schema/index.ts';
import { vatFromInclusive } from '#shared/money.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import {
  type PaymentMethod,
  type PaymentNotification,
} from '../../integrations/payment-methods/payment-method.ts';
import { invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import { newReference } from '../../lib/references.ts';
import {
  closeDunningCases,
  endedByDunning,
  openDunningCase,
} from '../dunning/dunning-cases.service.ts';
import type { OrderLineRegistry } from '../orders/order-lines.service.ts';
import { moveOrder } from '../orders/order-status.service.ts';
import { issueInvoice } from '../payments/invoices.service.ts';
import { nextMonth, saToday } from '#shared/dates.ts';
import { monthlyCharge, type MonthlyLine } from './monthly-charge.ts';
import {
  currentLines,
  dueAmountCents,
  dueChange,
  queueAmountPushIfDue,
} from './subscription-plan.ts';
import {
  monthlyPaymentFailedAdminMail,
  monthlyPaymentFailedMail,
  monthlyReceiptMail,
  subscriptionCancelledMail,
} from './subscription-mails.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
export interface SubscriptionDeps {
  db: Db;
  config: Pick<Config, 'payfast' | 'eft' | 'site' | 'publicUrl' | 'supplier'>;
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
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.token, token), eq(subscriptions.orderId, payment.orderId)));
  // From a change's first billing date only its amount matches (decision 029).
  return row ? dueAmountCents(row) : null;
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
  { config, orderLines }: Pick<SubscriptionDeps, 'config'> & { orderLines: OrderLineRegistry },
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
  // The month charged: a change due from this billing date bills its amount and lines.
  const change = dueChange(subscription);
  const month = {
    amountCents: change?.amountCents ?? subscription.amountCents,
    title: change?.title ?? subscription.title,
    lines: change?.lines ?? (await currentLines(tx, subscription)),
  };
  if (notification.outcome === 'failed') {
    await tx.insert(payments).values({
      reference: newReference('PAY', 8),
      orderId: subscription.orderId,
      subscriptionId: subscription.id,
      status: 'failed',
      amountCents: month.amountCents,
      ...charge,
    });
    const failed = subscription.failedCharges + 1;
    await tx
      .update(subscriptions)
      .set({ failedCharges: failed, lastFailedAt: sql`now()` })
      .where(eq(subscriptions.id, subscription.id));
    // The reminders, final notice, suspension and end that follow (features/dunning).
    await openDunningCase(tx, {
      kind: 'monthly',
      userId: subscription.userId,
      orderId: subscription.orderId,
      subscriptionId: subscription.id,
      title: month.title,
      amountCents: month.amountCents,
      dueAt: new Date(),
    });
    const about = {
      reference: subscription.reference,
      title: month.title,
      amountCents: month.amountCents,
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
  const order = await renewalOrder(tx, config, subscription, month);
  await tx.insert(payments).values({
    reference: newReference('PAY', 8),
    orderId: order.id,
    subscriptionId: subscription.id,
    status: 'paid',
    amountCents: month.amountCents,
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
  const [updated] = await tx
    .update(subscriptions)
    .set({
      nextBillingDate,
      failedCharges: 0,
      // A pause is over once a charge is in again.
      pausedAt: null,
      pausedFrom: null,
      resumesOn: null,
      // The change is now what every month bills.
      ...(change
        ? {
            amountCents: change.amountCents,
            title: change.title,
            lines: change.lines,
            pendingChange: null,
          }
        : {}),
    })
    .where(eq(subscriptions.id, subscription.id))
    .returning();
  // The last charge at the old price is in: the method may now be told the new one.
  await queueAmountPushIfDue(tx, updated!);
  // PayFast's retry went through: the month's dunning ends and a suspension is lifted.
  await closeDunningCases(tx, { config, orderLines }, { subscriptionId: subscription.id });
  if (customer) {
    await queueMail(tx, {
      to: customer.email,
      userId: customer.id,
      attachments: [{ kind: 'invoice', orderReference: paid.reference }],
      ...monthlyReceiptMail(config, {
        name: customer.fullName,
        title: month.title,
        amountCents: month.amountCents,
        orderReference: paid.reference,
        invoice: invoiceNumber(invoice),
        nextBillingDate,
      }),
    });
  }
  return {
    accepted: true,
    reason: `COMPLETE: monthly charge of ${subscription.reference} paid as order ${paid.reference}`,
  };
}

/**
 * A month's order: the subscription's monthly lines (the first order's, or those of its last
 * change of package or price) at the amount charged, one invoice of its own.
 */
async function renewalOrder(
  tx: Tx,
  config: SubscriptionDeps['config'],
  subscription: SubscriptionRow,
  month: { amountCents: number; lines: MonthlyLine[] },
) {
  const vatCents = config.site.vatRegistered ? vatFromInclusive(month.amountCents) : 0;
  const [order] = await tx
    .insert(orders)
    .values({
      reference: newReference('SO', 6),
      userId: subscription.userId,
      subtotalCents: month.amountCents - vatCents,
      vatCents,
      totalCents: month.amountCents,
    })
    .returning();
  // A subscription's price is the one PayFast charges, fixed at checkout or by a change, so the
  // lines add up to it even when the catalogue has moved meanwhile.
  for (const line of month.lines) {
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
 * the customer, once: whichever of the two comes second finds it ended already, and an end by
 * dunning was told in its own mail.
 */
export async function endSubscription(
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
  if (await endedByDunning(tx, subscription.id)) return;
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
