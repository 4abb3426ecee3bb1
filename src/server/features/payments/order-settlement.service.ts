/**
 * Money arriving for an order, whatever the method: a paid payment is recorded, and the order is
 * paid once what it received (payments and credit) covers its total — invoice, subscription,
 * what its lines start, receipt — with anything beyond the total kept as account credit. Money
 * for an order paid already is an overpayment, kept as credit and flagged for the team.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orderItems, orders, payments, users } from '#db/schema/index.ts';
import { formatZAR } from '#shared/money.ts';
import type {
  PaymentMethod,
  PaymentNotification,
} from '../../integrations/payment-methods/payment-method.ts';
import { paymentMethod } from '../../integrations/payment-methods/payment-methods.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import {
  addCreditEntry,
  countsTowards,
  creditApplied,
  lockCredit,
  paidTowards,
  releaseOrderMoney,
} from '../credit/credit-ledger.service.ts';
import {
  closeOtherTries,
  closeReplacedOrder,
  lockCustomerOrders,
  replacedBy,
} from '../orders/cart-attempts.service.ts';
import { closeDunningCases } from '../dunning/dunning-cases.service.ts';
import { fulfilOrderLines } from '../orders/order-lines.service.ts';
import { moveOrder } from '../orders/order-status.service.ts';
import { keepSavedCard } from '../saved-cards/saved-cards.service.ts';
import { openSubscription } from '../subscriptions/subscriptions.service.ts';
import { creditLabel, issueInvoice } from './invoices.service.ts';
import {
  overpaymentAdminMail,
  overpaymentCustomerMail,
  partPaymentMail,
  receiptMail,
} from './payment-mails.ts';
import type { PaymentDeps } from './payments.service.ts';

type OrderRow = typeof orders.$inferSelect;
type Verdict = { accepted: true; reason: string; paidOrderId?: string };

/** The customer's receipt for a paid order, with its invoice attached, in the payment's transaction. */
async function mailReceipt(
  tx: Tx,
  config: PaymentDeps['config'],
  order: OrderRow,
  input: { paymentReference: string | null; invoice: number; paidWith: string },
) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const [customer] = order.userId
    ? await tx.select().from(users).where(eq(users.id, order.userId))
    : [];
  if (customer) {
    await queueMail(tx, {
      to: customer.email,
      userId: customer.id,
      attachments: [{ kind: 'invoice', orderReference: order.reference }],
      ...receiptMail(config, {
        name: customer.fullName,
        orderReference: order.reference,
        paymentReference: input.paymentReference,
        paidWith: input.paidWith,
        invoice: invoiceNumber(input.invoice),
        items: items.map((i) => ({
          title: i.title,
          quantity: i.quantity,
          totalCents: i.totalCents,
        })),
        totalCents: order.totalCents,
      }),
    });
  }
}

/**
 * Money the method took for an order that was paid already (two tabs, a second card, a second
 * charge on a paid payment, a bank transfer sent twice): it becomes the customer's account
 * credit, and the company and the customer hear of it (the team may refund it instead).
 */
export async function keepOverpayment(
  tx: Tx,
  config: PaymentDeps['config'],
  input: { order: OrderRow; paymentId: string; paymentReference: string; amountCents: number },
): Promise<void> {
  const paidTwice = {
    orderReference: input.order.reference,
    paymentReference: input.paymentReference,
    amountCents: input.amountCents,
  };
  await queueMail(tx, { to: config.site.contactEmail, ...overpaymentAdminMail(config, paidTwice) });
  const [customer] = input.order.userId
    ? await tx.select().from(users).where(eq(users.id, input.order.userId))
    : [];
  if (!customer) return;
  await lockCredit(tx, customer.id);
  await addCreditEntry(tx, {
    userId: customer.id,
    amountCents: input.amountCents,
    kind: 'overpayment',
    description: `Payment ${input.paymentReference} for order ${input.order.reference}, which was already paid`,
    orderId: input.order.id,
    paymentId: input.paymentId,
  });
  await queueMail(tx, {
    to: customer.email,
    userId: customer.id,
    ...overpaymentCustomerMail(config, { ...paidTwice, name: customer.fullName }),
  });
}

/** How an order was paid, as its invoice says: each method once, in the order the money came. */
async function paidWithOf(tx: Tx, config: PaymentDeps['config'], orderId: string) {
  const rows = await tx
    .select({ method: payments.method })
    .from(payments)
    .where(countsTowards(orderId))
    .orderBy(payments.paidAt);
  const labels = [...new Set(rows.map((row) => paymentMethod(config, row.method).label))];
  if ((await creditApplied(tx, orderId)) > 0) labels.unshift(creditLabel);
  return labels.join(' and ');
}

/**
 * Pays the order when what it received covers its total, in the caller's transaction with the
 * order locked: paid, invoiced, its subscription opened (with a recurring method's token), its
 * lines started, the rest of its open attempts closed and the receipt mailed; anything beyond
 * the total goes to the customer's credit. Otherwise the rest stays due (and the customer hears
 * what arrived when `partPayment` names it).
 */
export async function payOrderIfCovered(
  tx: Tx,
  deps: Pick<PaymentDeps, 'config' | 'orderLines'>,
  order: OrderRow,
  input: {
    note: string;
    lastPayment: typeof payments.$inferSelect | null;
    recurringToken?: string | null;
    partPayment?: { amountCents: number };
  },
): Promise<{ paid: boolean; dueCents: number }> {
  const received = await paidTowards(tx, order.id);
  if (received < order.totalCents) {
    const dueCents = order.totalCents - received;
    const [customer] = order.userId
      ? await tx.select().from(users).where(eq(users.id, order.userId))
      : [];
    if (customer && input.partPayment && input.lastPayment) {
      await queueMail(tx, {
        to: customer.email,
        userId: customer.id,
        ...partPaymentMail(deps.config, {
          name: customer.fullName,
          orderReference: order.reference,
          amountCents: input.partPayment.amountCents,
          dueCents,
        }),
      });
    }
    return { paid: false, dueCents };
  }
  const excess = received - order.totalCents;
  if (excess > 0 && order.userId) {
    await lockCredit(tx, order.userId);
    await addCreditEntry(tx, {
      userId: order.userId,
      amountCents: excess,
      kind: 'excess',
      description: `Paid ${formatZAR(excess)} more than order ${order.reference} cost`,
      orderId: order.id,
      paymentId: input.lastPayment?.id ?? null,
    });
  }
  const paid = await moveOrder(tx, order.id, 'paid', input.note);
  const paidWith = await paidWithOf(tx, deps.config, order.id);
  const invoice = await issueInvoice(tx, deps.config.supplier, paid, paidWith);
  if (input.recurringToken && input.lastPayment) {
    await openSubscription(tx, {
      order: paid,
      payment: input.lastPayment,
      token: input.recurringToken,
    });
  }
  // What the lines start, each by its kind (a domain registered, a quote paid, a project opened…).
  await fulfilOrderLines(tx, deps.orderLines, paid);
  // A renewal chased by dunning is settled: its steps stop and a suspension is lifted.
  await closeDunningCases(tx, deps, { orderId: paid.id });
  // The other tries of the same cart are no longer owed.
  await closeOtherTries(tx, deps.orderLines, paid);
  // Nothing more is expected for it (a card attempt left open, the bank transfer it waited for).
  await tx
    .update(payments)
    .set({ status: 'cancelled' })
    .where(and(eq(payments.orderId, order.id), inArray(payments.status, ['pending'])));
  await mailReceipt(tx, deps.config, paid, {
    paymentReference: input.lastPayment?.reference ?? null,
    invoice,
    paidWith,
  });
  return { paid: true, dueCents: 0 };
}

/**
 * A confirmed "paid" for a pending payment, in the notification's transaction with the payment
 * locked: the payment is paid, and its order with it when that covers the total; when the order
 * was paid meanwhile it is an overpayment, kept as credit.
 */
export async function settlePaidPayment(
  tx: Tx,
  deps: Pick<PaymentDeps, 'config' | 'orderLines'>,
  input: {
    payment: typeof payments.$inferSelect;
    method: Pick<PaymentMethod, 'provider' | 'label'>;
    notification: PaymentNotification;
  },
): Promise<Verdict> {
  const { payment, method, notification } = input;
  const [owner] = await tx
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, payment.orderId));
  if (owner?.userId) await lockCustomerOrders(tx, owner.userId);
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, payment.orderId))
    .for('update');
  // Another try of the same cart was paid first: this money is not a second purchase.
  const replacement = await replacedBy(tx, order!);
  if (replacement && order!.status === 'pending_payment') {
    await closeReplacedOrder(tx, deps.orderLines, order!, replacement);
  }
  // A customer who pays an order that was cancelled meanwhile still gets what they paid for.
  const payable =
    !replacement && (order!.status === 'pending_payment' || order!.status === 'cancelled');
  const [paidPayment] = await tx
    .update(payments)
    .set({
      status: 'paid',
      externalId: notification.externalId,
      ...notification.amounts,
      paidAt: sql`now()`,
      overpayment: !payable,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  // The customer agreed at checkout to keep the card: the notification carries its token.
  if (payment.saveCard && notification.recurringToken && owner?.userId) {
    await keepSavedCard(tx, {
      userId: owner.userId,
      method: payment.method,
      token: notification.recurringToken,
      now: paidPayment!.paidAt ?? payment.createdAt,
    });
  }
  const gross = notification.amounts.grossCents ?? payment.amountCents;
  if (!payable) {
    await keepOverpayment(tx, deps.config, {
      order: replacement ?? order!,
      paymentId: payment.id,
      paymentReference: payment.reference,
      amountCents: gross,
    });
    return {
      accepted: true,
      reason: replacement
        ? `${notification.statusText}: overpayment, order ${order!.reference} was replaced by order ${replacement.reference}, paid from the same cart; kept as the customer's account credit`
        : `${notification.statusText}: overpayment, order ${order!.reference} was already paid; kept as the customer's account credit`,
    };
  }
  const settled = await payOrderIfCovered(tx, deps, order!, {
    note: `${method.provider} ${notification.externalId}`,
    lastPayment: paidPayment!,
    recurringToken: notification.recurringToken,
    partPayment: { amountCents: gross },
  });
  if (!settled.paid && order!.status === 'cancelled') {
    // Too little, too late for an order given up: the money is the customer's credit.
    const kept = await releaseOrderMoney(tx, order!);
    return {
      accepted: true,
      reason: `${notification.statusText}: order ${order!.reference} was cancelled; ${formatZAR(kept)} kept as the customer's account credit`,
    };
  }
  if (!settled.paid) {
    return {
      accepted: true,
      reason: `${notification.statusText}: ${formatZAR(gross)} received, ${formatZAR(settled.dueCents)} of order ${order!.reference} still due`,
    };
  }
  return {
    accepted: true,
    reason: `${notification.statusText}: payment and order paid`,
    paidOrderId: payment.orderId,
  };
}
