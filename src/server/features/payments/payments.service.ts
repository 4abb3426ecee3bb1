import { and, desc, eq, sql } from 'drizzle-orm';
import { newReference } from '../../lib/references.ts';
import type { Db, Tx } from '#db/client.ts';
import {
  domainOrders,
  invoices,
  orderItems,
  orders,
  paymentNotifications,
  payments,
  users,
} from '#db/schema/index.ts';
import { centsToRand } from '#shared/money.ts';
import type { Config } from '../../config.ts';
import type {
  PaymentMethod,
  PaymentMethodId,
  PaymentNotification,
} from '../../integrations/payment-methods/payment-method.ts';
import { paymentMethod } from '../../integrations/payment-methods/payment-methods.ts';
import { AppError } from '../../plugins/errors.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { overpaymentAdminMail, overpaymentCustomerMail, receiptMail } from './payment-mails.ts';
import { issueInvoice } from './invoices.service.ts';
import { refundsOfPayments } from './refunds.service.ts';
import { moveOrder } from '../orders/order-status.service.ts';
import { fulfilOrderLines, type OrderLineRegistry } from '../orders/order-lines.service.ts';
import { invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import { openSubscription, recurringCharge } from '../subscriptions/subscriptions.service.ts';

export interface PaymentDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'payfast' | 'site' | 'supplier'>;
  /** What a paid order's lines start (decision 020). */
  orderLines: OrderLineRegistry;
}

/** Above this total (incl. VAT) a tax invoice must be the full one (VAT Act s20(4)). */
const fullTaxInvoiceAboveCents = 500_000;

/**
 * Starts paying one of the customer's orders with a payment method: what the browser does next
 * (PayFast: a signed form to post to its payment page).
 */
export async function startPayment(
  { db, config }: PaymentDeps,
  input: { orderReference: string; userId: string; method: PaymentMethodId },
) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.reference, input.orderReference), eq(orders.userId, input.userId)));
  if (!order)
    throw new AppError('NOT_FOUND', {
      message: `There is no order ${input.orderReference} in your account`,
    });
  if (order.status !== 'pending_payment') {
    throw new AppError('CONFLICT', {
      message: `Order ${order.reference} is already ${order.status.replace('_', ' ')}`,
    });
  }
  const [customer] = await db.select().from(users).where(eq(users.id, input.userId));
  // VAT Act s20(4): a tax invoice over R5 000 names the recipient's address.
  if (
    config.supplier.vatNumber &&
    order.totalCents > fullTaxInvoiceAboveCents &&
    !customer?.address
  ) {
    throw new AppError('VALIDATION_ERROR', {
      message:
        'A tax invoice over R 5 000,00 must show your address. Add it to your invoice details, then pay.',
    });
  }
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const reference = newReference('PAY', 8);
  const method = paymentMethod(config, input.method);
  const started = method.start({
    reference,
    orderReference: order.reference,
    totalCents: order.totalCents,
    customer: { fullName: customer?.fullName ?? '', email: customer?.email ?? '' },
    description: items.map((i) => i.title).join('; '),
    recurring: recurringCharge(items),
    returnUrl: `${config.publicUrl}/payment/success?reference=${reference}`,
    cancelUrl: `${config.publicUrl}/payment/cancel?reference=${reference}`,
    notifyUrl: `${config.publicUrl}/api/payments/${method.id}/notify`,
  });
  // One live attempt per order: starting one closes the order's earlier open attempts (two tabs,
  // a Back button). A late COMPLETE for a closed attempt still pays the order while it is unpaid.
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ status: 'cancelled' })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
    await tx.insert(payments).values({
      reference,
      orderId: order.id,
      method: method.id,
      amountCents: order.totalCents,
      fields: started.fields,
    });
  });
  return { action: started.action, reference, fields: Object.fromEntries(started.fields) };
}

/** The customer's receipt for a paid order, with its invoice attached, in the payment's transaction. */
async function mailReceipt(
  tx: Tx,
  config: PaymentDeps['config'],
  order: typeof orders.$inferSelect,
  { paymentReference, invoice }: { paymentReference: string; invoice: number },
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
        paymentReference,
        invoice: `${config.supplier.vatNumber ? 'tax invoice' : 'invoice'} ${invoiceNumber(invoice)}`,
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

type Verdict = { accepted: true; reason: string } | { accepted: false; reason: string };

/**
 * Money the method took for an order that was paid already (two tabs, a second card, a second
 * charge on a paid payment): the company and the customer hear of it; it is owed back.
 */
export async function tellOfOverpayment(
  tx: Tx,
  config: PaymentDeps['config'],
  input: { order: typeof orders.$inferSelect; paymentReference: string; amountCents: number },
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
  if (customer) {
    await queueMail(tx, {
      to: customer.email,
      userId: customer.id,
      ...overpaymentCustomerMail(config, { ...paidTwice, name: customer.fullName }),
    });
  }
}

/**
 * A confirmed "paid" for a pending payment, in the notification's transaction with the payment
 * locked: the payment is paid and its order with it (invoice, subscription, what the lines
 * start), or — when the order was paid meanwhile — it is an overpayment to give back.
 */
export async function settlePaidPayment(
  tx: Tx,
  config: PaymentDeps['config'],
  input: {
    payment: typeof payments.$inferSelect;
    method: Pick<PaymentMethod, 'provider' | 'label'>;
    notification: PaymentNotification;
    orderLines: OrderLineRegistry;
  },
): Promise<Verdict & { paidOrderId?: string }> {
  const { payment, method, notification } = input;
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, payment.orderId))
    .for('update');
  // A customer who pays an order that was cancelled meanwhile still gets what they paid for.
  const payable = order!.status === 'pending_payment' || order!.status === 'cancelled';
  await tx
    .update(payments)
    .set({
      status: 'paid',
      externalId: notification.externalId,
      ...notification.amounts,
      paidAt: sql`now()`,
      overpayment: !payable,
    })
    .where(eq(payments.id, payment.id));
  if (!payable) {
    // Paid twice (two tabs, a second card): the money is kept track of and owed back.
    await tellOfOverpayment(tx, config, {
      order: order!,
      paymentReference: payment.reference,
      amountCents: payment.amountCents,
    });
    return {
      accepted: true,
      reason: `${notification.statusText}: overpayment, order ${order!.reference} was already paid; refund it from the back office`,
    };
  }
  const paid = await moveOrder(
    tx,
    order!.id,
    'paid',
    `${method.provider} ${notification.externalId}`,
  );
  const invoice = await issueInvoice(tx, config.supplier, paid, method.label);
  if (notification.recurringToken) {
    await openSubscription(tx, { order: paid, payment, token: notification.recurringToken });
  }
  // What the lines start, each by its kind (a domain registered, a quote paid, a project opened…).
  await fulfilOrderLines(tx, input.orderLines, paid);
  await mailReceipt(tx, config, paid, { paymentReference: payment.reference, invoice });
  return {
    accepted: true,
    reason: `${notification.statusText}: payment and order paid`,
    paidOrderId: payment.orderId,
  };
}

/** A payment as its owner sees it (the success page polls this). */
export async function getPayment({ db, config }: PaymentDeps, reference: string, userId: string) {
  const [row] = await db
    .select({ payment: payments, order: orders, invoice: invoices.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(and(eq(payments.reference, reference), eq(orders.userId, userId)));
  if (!row)
    throw new AppError('NOT_FOUND', {
      message: `There is no payment ${reference} in your account`,
    });
  const domains = await db
    .select({ domain: domainOrders.domain, status: domainOrders.status })
    .from(orderItems)
    .innerJoin(domainOrders, eq(domainOrders.id, orderItems.domainOrderId))
    .where(eq(orderItems.orderId, row.order.id));
  const items = await db
    .select({
      title: orderItems.title,
      quantity: orderItems.quantity,
      totalCents: orderItems.totalCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.order.id));
  return {
    reference: row.payment.reference,
    status: row.payment.status,
    method: paymentMethod(config, row.payment.method).label,
    items: items.map((i) => ({
      title: i.title,
      quantity: i.quantity,
      total: centsToRand(i.totalCents),
    })),
    amount: centsToRand(row.payment.amountCents),
    externalId: row.payment.externalId,
    createdAt: row.payment.createdAt.toISOString(),
    paidAt: row.payment.paidAt?.toISOString() ?? null,
    order: {
      reference: row.order.reference,
      status: row.order.status,
      invoice: row.invoice === null ? null : invoiceNumber(row.invoice),
    },
    domains,
    overpayment: row.payment.overpayment,
    refunds: (await refundsOfPayments(db, [row.payment.id])).get(row.payment.id) ?? [],
  };
}

/**
 * The customer came back from PayFast's cancel link: the attempt is closed (the order stays
 * payable). A COMPLETE ITN arriving later still pays it; nothing paid is lost.
 */
export async function cancelPendingPayment(db: Db, reference: string, userId: string) {
  const [row] = await db
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.reference, reference), eq(orders.userId, userId)));
  if (!row)
    throw new AppError('NOT_FOUND', {
      message: `There is no payment ${reference} in your account`,
    });
  const [cancelled] = await db
    .update(payments)
    .set({ status: 'cancelled' })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
    .returning({ status: payments.status });
  return { reference, status: cancelled?.status ?? row.status };
}

/** The customer's payments, newest first. */
export async function listPayments(db: Db, userId: string) {
  const rows = await db
    .select({ payment: payments, order: orders, invoice: invoices.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(100);
  return rows.map(({ payment, order, invoice }) => ({
    reference: payment.reference,
    status: payment.status,
    amount: centsToRand(payment.amountCents),
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
    order: {
      reference: order.reference,
      status: order.status,
      invoice: invoice === null ? null : invoiceNumber(invoice),
    },
  }));
}

/**
 * /payment/debug: the caller's own latest payment — the fields sent to its method, the text that
 * was signed (secrets masked) and every notification received for it with the reason it was
 * accepted or refused.
 */
export async function debugLastPayment({ db, config }: PaymentDeps, userId: string) {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'You have not started a payment yet' });
  const { payment } = row;
  const notifications = await db
    .select()
    .from(paymentNotifications)
    .where(
      and(
        eq(paymentNotifications.method, payment.method),
        eq(paymentNotifications.paymentReference, payment.reference),
      ),
    )
    .orderBy(paymentNotifications.id);
  return {
    reference: payment.reference,
    status: payment.status,
    amount: centsToRand(payment.amountCents),
    fields: payment.fields,
    signatureString: paymentMethod(config, payment.method).signedText(payment.fields),
    itns: notifications.map((itn) => ({
      receivedAt: itn.receivedAt.toISOString(),
      status: itn.status,
      accepted: itn.accepted,
      reason: itn.reason,
    })),
  };
}
