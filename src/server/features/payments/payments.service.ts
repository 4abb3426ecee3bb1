import { and, desc, eq, isNull } from 'drizzle-orm';
import { newReference } from '../../lib/references.ts';
import type { Db } from '#db/client.ts';
import {
  domainOrders,
  invoices,
  orderItems,
  orders,
  paymentNotifications,
  payments,
  users,
} from '#db/schema/index.ts';
import { centsToDecimalString, centsToRand, formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import type { Config } from '../../config.ts';
import {
  notifies,
  type PaymentMethod,
  type PaymentMethodId,
  type PaymentStart,
} from '../../integrations/payment-methods/payment-method.ts';
import {
  paymentMethod,
  paymentMethods,
} from '../../integrations/payment-methods/payment-methods.ts';
import { AppError } from '../../plugins/errors.ts';
import { refundsOfPayments } from './refund-ledger.service.ts';
import type { OrderLineRegistry } from '../orders/order-lines.service.ts';
import { invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import { recurringCharge } from '../subscriptions/subscriptions.service.ts';
import { monthlyOf } from '../orders/orders.service.ts';
import { paidTowards } from '../credit/credit-ledger.service.ts';
import { scheduleBankTransferExpiry } from './bank-transfer-expiry.service.ts';

export interface PaymentDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'payfast' | 'eft' | 'site' | 'supplier'>;
  /** What a paid order's lines start (decision 020). */
  orderLines: OrderLineRegistry;
}

/** Above this total (incl. VAT) a tax invoice must be the full one (VAT Act s20(4)). */
const fullTaxInvoiceAboveCents = 500_000;

/** The browser's form for a method's payment page (the card methods all start so). */
export const toForm = ({ reference, started }: { reference: string; started: PaymentStart }) => {
  if (started.kind !== 'redirect-form') throw new Error('a card payment starts with a form');
  return { action: started.action, reference, fields: Object.fromEntries(started.fields) };
};

/**
 * Starts paying what is due on one of the customer's orders with a payment method: what the
 * customer does next (PayFast: a signed form to post to its payment page; a bank transfer: the
 * account, reference and amount to pay by a date, after which the unpaid order is cancelled).
 */
export async function startPayment(
  { db, config }: PaymentDeps,
  input: {
    orderReference: string;
    userId: string;
    method: PaymentMethodId;
    /** The customer ticked "Save my card for renewals" (kept only where the method keeps cards). */
    saveCard?: boolean;
  },
): Promise<{ reference: string; started: PaymentStart }> {
  const method = (paymentMethods(config) as Record<string, PaymentMethod | undefined>)[
    input.method
  ];
  if (!method) {
    throw new AppError('CONFLICT', { message: 'This site does not offer that way to pay' });
  }
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
  // VAT Act s20(4): a tax invoice over R5 000 names the recipient's address; a supplier that is
  // not registered issues plain invoices, which need no address.
  if (
    config.site.vatRegistered &&
    order.totalCents > fullTaxInvoiceAboveCents &&
    !customer?.address
  ) {
    throw new AppError('VALIDATION_ERROR', {
      message: `Over ${formatZAR(fullTaxInvoiceAboveCents)}, ${vatWording(config.site.vatRegistered).anInvoice} must show your address. Add it to your invoice details, then pay.`,
    });
  }
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const recurring = recurringCharge(items);
  if (recurring && !method.recurring) {
    throw new AppError('CONFLICT', {
      message: `Order ${order.reference} has monthly services, which are paid by card: the card is charged again each month`,
    });
  }
  const dueCents = order.totalCents - (await paidTowards(db, order.id));
  const reference = newReference('PAY', 8);
  // A monthly order already leaves a token (its subscription); a card is saved on a once-off one.
  const saveCard = Boolean(input.saveCard && method.savedCards && !recurring);
  const started = method.start({
    reference,
    orderReference: order.reference,
    totalCents: dueCents,
    customer: { fullName: customer?.fullName ?? '', email: customer?.email ?? '' },
    description: items.map((i) => i.title).join('; '),
    recurring,
    saveCard,
    returnUrl: `${config.publicUrl}/payment/success?reference=${reference}`,
    cancelUrl: `${config.publicUrl}/payment/cancel?reference=${reference}`,
    notifyUrl: `${config.publicUrl}/api/payments/${method.id}/notify`,
  });
  // One live attempt per order: starting one closes the order's earlier open attempts (two tabs,
  // a Back button, card after all). A late payment for a closed attempt still counts.
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ status: 'cancelled' })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
    const [created] = await tx
      .insert(payments)
      .values({
        reference,
        orderId: order.id,
        method: method.id,
        amountCents: dueCents,
        saveCard,
        fields: started.kind === 'redirect-form' ? started.fields : instructionFields(started),
        expiresAt: started.kind === 'instructions' ? started.payBy : null,
      })
      .returning({ id: payments.id });
    if (started.kind === 'instructions') {
      await scheduleBankTransferExpiry(tx, created!.id, started.payBy);
    }
  });
  return { reference, started };
}

/** What a bank transfer's customer was told, kept with the payment (the debug page shows it). */
const instructionFields = (
  started: Extract<PaymentStart, { kind: 'instructions' }>,
): [string, string][] => [
  ['bank', started.payTo.bankName],
  ['account_holder', started.payTo.holder],
  ['account_number', started.payTo.accountNumber],
  ['branch_code', started.payTo.branchCode],
  ['reference', started.reference],
  ['amount', centsToDecimalString(started.amountCents)],
  ['pay_by', started.payBy.toISOString()],
];

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
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.order.id));
  // What the method was told to charge each month, as the payment started (PayFast: billing_date).
  const recurring = row.payment.expiresAt ? null : recurringCharge(items, row.payment.createdAt);
  return {
    reference: row.payment.reference,
    status: row.payment.status,
    method: paymentMethod(config, row.payment.method).label,
    items: items.map((i) => ({
      title: i.title,
      quantity: i.quantity,
      total: centsToRand(i.totalCents),
      monthly: monthlyOf(i),
    })),
    amount: centsToRand(row.payment.amountCents),
    recurring: recurring && {
      amount: centsToRand(recurring.amountCents),
      firstBillingDate: recurring.firstBillingDate,
    },
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
    // A bank transfer awaited is instructions, not money: the order shows it (and what arrived).
    .where(and(eq(orders.userId, userId), isNull(payments.expiresAt)))
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
  const method = paymentMethod(config, payment.method);
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
    signatureString: notifies(method) ? method.signedText(payment.fields) : '',
    itns: notifications.map((itn) => ({
      receivedAt: itn.receivedAt.toISOString(),
      status: itn.status,
      accepted: itn.accepted,
      reason: itn.reason,
    })),
  };
}
