/**
 * Requesting refunds: where a refund may go, how much of a payment is left, what the method allows
 * (its refund terms); the refund-payment job carries them out (refund-payouts.service.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { invoices, orders, payments, refunds } from '#db/schema/index.ts';
import { centsToRand, formatZAR } from '#shared/money.ts';
import type { Refund, RefundBankAccount, RefundTermsView } from '#shared/payment-ledger.schemas.ts';
import type { Config } from '../../config.ts';
import {
  notifies,
  PaymentMethodRefusedError,
  PaymentMethodUnavailableError,
} from '../../integrations/payment-methods/payment-method.ts';
import { paymentMethod } from '../../integrations/payment-methods/payment-methods.ts';
import { newReference } from '../../lib/references.ts';
import { AppError } from '../../plugins/errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { type OrderLineRegistry } from '../orders/order-lines.service.ts';
import { lockCredit, spendableCredit } from '../credit/credit-ledger.service.ts';
import { toRefund, type RefundRow } from './refund-ledger.service.ts';

export interface RefundDeps {
  db: Db;
  config: Pick<Config, 'payfast' | 'eft' | 'site' | 'publicUrl' | 'supplier'>;
  /** What a refund of a whole order takes back, by line kind (decision 020). */
  orderLines: OrderLineRegistry;
}

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * Money of a payment that is the customer's account credit, not a sale: an overpayment, or a
 * payment towards an order cancelled unpaid (released to credit). A refund of it to the card
 * takes the credit off; it has no credit note.
 */
export const heldAsCredit = (payment: PaymentRow, order: Pick<OrderRow, 'paidAt'>) =>
  payment.overpayment || order.paidAt === null;

export const completedCents = (rows: RefundRow[]) =>
  rows.filter((r) => r.status === 'completed').reduce((sum, r) => sum + r.amountCents, 0);

/** A bank account as notes, mails and the audit log show it: the bank and the last digits only. */
export const maskedAccount = (account: RefundBankAccount) =>
  `${account.bank} account ending ${account.accountNumber.slice(-3)}`;

/**
 * An administrator refunds a paid payment, in full or in part, with a reason (audited). The
 * refund is recorded and a refund-payment job asks PayFast for it; one refund of a payment is
 * in flight at a time, so two clicks or two administrators cannot give the money back twice.
 * The buyer's bank account goes with it when PayFast pays the refund into a bank (the refund
 * terms say so); it is kept only until the refund is made or fails.
 */
export async function requestRefund(
  db: Db | Tx,
  input: {
    paymentReference: string;
    amountCents: number;
    reason: string;
    bankAccount?: RefundBankAccount | undefined;
    /** Back through the payment's method (the default), or kept as account credit at once. */
    destination?: 'method' | 'credit' | undefined;
    admin: { id: string; email: string };
    ip: string;
  },
  /** Given, the method is asked whether it can send money back (the back office's refunds). */
  config?: RefundDeps['config'],
): Promise<Refund> {
  const destination = input.destination ?? 'method';
  const row = await db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.reference, input.paymentReference))
      .for('update');
    if (!payment) {
      throw new AppError('NOT_FOUND', {
        message: `There is no payment ${input.paymentReference}`,
      });
    }
    if (payment.status !== 'paid' || !payment.externalId) {
      throw new AppError('CONFLICT', {
        message: `Payment ${payment.reference} is not paid, so there is nothing to refund`,
      });
    }
    const earlier = await tx.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    if (earlier.some((r) => r.status === 'pending')) {
      throw new AppError('CONFLICT', {
        message: `A refund of payment ${payment.reference} is still being processed; try again when it is done`,
      });
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
    if (order!.status === 'pending_payment') {
      throw new AppError('CONFLICT', {
        message: `Order ${order!.reference} is still awaiting payment and payment ${payment.reference} counts towards it: cancel the order to keep what it received as the customer's account credit`,
      });
    }
    const credit = heldAsCredit(payment, order!);
    await checkDestination(
      tx,
      config,
      { payment, order: order!, credit },
      destination,
      input.amountCents,
    );
    const refunded = completedCents(earlier);
    const left = payment.amountCents - refunded;
    if (input.amountCents > left) {
      throw new AppError('CONFLICT', {
        message:
          left === 0
            ? `Payment ${payment.reference} is already refunded in full`
            : `Only ${formatZAR(left)} of payment ${payment.reference} is left to refund`,
      });
    }
    const vatCents = credit ? 0 : await refundVat(tx, payment.orderId, refunded, input.amountCents);
    const [created] = await tx
      .insert(refunds)
      .values({
        reference: newReference('RFD', 8),
        paymentId: payment.id,
        orderId: payment.orderId,
        amountCents: input.amountCents,
        vatCents,
        reason: input.reason,
        requestedBy: input.admin.email,
        destination,
        bankAccount: destination === 'method' ? (input.bankAccount ?? null) : null,
      })
      .returning();
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'payment.refund_requested',
      entityType: 'payment',
      entityId: payment.reference,
      details: {
        refund: created!.reference,
        amount: centsToRand(input.amountCents),
        reason: input.reason,
        ...(destination === 'credit' ? { destination: 'account credit' } : {}),
        ...(payment.overpayment ? { overpayment: true } : {}),
        ...(credit && !payment.overpayment ? { heldAsCredit: true } : {}),
        ...(input.bankAccount ? { bankAccount: maskedAccount(input.bankAccount) } : {}),
      },
      ip: input.ip,
    });
    // The job makes it: through the method, or as credit (at once, with its credit note).
    await enqueueJob(
      tx,
      'refund-payment',
      { refundId: created!.id },
      { key: `refund:${created!.id}` },
    );
    return created!;
  });
  return toRefund(row, null);
}

/**
 * Where a refund may go: to credit only for a customer's payment that is not credit already;
 * back through a method only when the method can send money back, and for an overpayment only
 * as much of it as the customer has not spent (it was their credit).
 */
async function checkDestination(
  tx: Tx,
  config: RefundDeps['config'] | undefined,
  { payment, order, credit }: { payment: PaymentRow; order: OrderRow; credit: boolean },
  destination: 'method' | 'credit',
  amountCents: number,
): Promise<void> {
  if (destination === 'credit') {
    if (credit) {
      throw new AppError('CONFLICT', {
        message: payment.overpayment
          ? `Payment ${payment.reference} is an overpayment: it is the customer's account credit already`
          : `Order ${order.reference} was cancelled unpaid: payment ${payment.reference} is the customer's account credit already`,
      });
    }
    if (!order?.userId) {
      throw new AppError('CONFLICT', {
        message: `Order ${order?.reference ?? ''} has no customer account to keep credit in`.trim(),
      });
    }
    return;
  }
  const method = config ? paymentMethod(config, payment.method) : null;
  if (method && !notifies(method)) {
    throw new AppError('CONFLICT', {
      message: `${method.label} cannot be refunded through the site: refund it to account credit`,
    });
  }
  if (credit && order?.userId) {
    await lockCredit(tx, order.userId);
    const spendable = await spendableCredit(tx, order.userId);
    if (amountCents > spendable) {
      throw new AppError('CONFLICT', {
        message: `Only ${formatZAR(Math.max(0, spendable))} of the customer's account credit is left to refund; they have spent the rest`,
      });
    }
  }
}

/**
 * Refunds part of a paid order (a line that could not be delivered, e.g. a domain someone else
 * registered first) from the payment that paid it, in the caller's transaction. Null when the
 * order was never paid by card: there is nothing to give back.
 */
export async function refundOrderPart(
  tx: Db | Tx,
  input: {
    orderId: string;
    amountCents: number;
    reason: string;
    admin: { id: string; email: string };
    ip: string;
  },
): Promise<Refund | null> {
  // The largest payment that paid it (a method that cannot send money back gives credit).
  const [payment] = await tx
    .select({ reference: payments.reference })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, input.orderId),
        eq(payments.status, 'paid'),
        eq(payments.overpayment, false),
      ),
    )
    .orderBy(desc(payments.amountCents))
    .limit(1);
  if (!payment) return null;
  return requestRefund(tx, { ...input, paymentReference: payment.reference });
}

/**
 * What the payment's method allows refunding on a paid payment now, asked of the method itself
 * (PayFast's refund query), for the refund form: how much, and whether a refund of all of it or
 * of part goes back to the card or into the buyer's bank account (whose details the form then
 * asks for, from the method's list of banks).
 */
export async function refundTermsOf(
  { db, config }: Pick<RefundDeps, 'db' | 'config'>,
  paymentReference: string,
): Promise<RefundTermsView> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.reference, paymentReference));
  if (!payment) {
    throw new AppError('NOT_FOUND', { message: `There is no payment ${paymentReference}` });
  }
  if (payment.status !== 'paid' || !payment.externalId) {
    throw new AppError('CONFLICT', {
      message: `Payment ${payment.reference} is not paid, so there is nothing to refund`,
    });
  }
  const method = paymentMethod(config, payment.method);
  try {
    const terms = await method.refundTerms(payment.externalId);
    return {
      available: centsToRand(terms.availableCents),
      original: centsToRand(terms.originalCents),
      full: terms.full,
      partial: terms.partial,
      banks: terms.banks,
      notes: terms.notes,
    };
  } catch (error) {
    if (error instanceof PaymentMethodUnavailableError) {
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: `${method.provider} did not say how this payment can be refunded; try again in a moment`,
        retryAfterSeconds: 30,
      });
    }
    if (error instanceof PaymentMethodRefusedError) {
      throw new AppError('CONFLICT', { message: error.message });
    }
    throw error;
  }
}

/**
 * The VAT in a refund: the invoice's VAT in proportion, counted on the running total so that
 * partial refunds that add up to the whole invoice add up to its VAT exactly.
 */
async function refundVat(
  tx: Tx,
  orderId: string,
  refundedCents: number,
  amountCents: number,
): Promise<number> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice || invoice.vatCents === 0 || invoice.totalCents === 0) return 0;
  const vatUpTo = (cents: number) => Math.round((cents * invoice.vatCents) / invoice.totalCents);
  return vatUpTo(refundedCents + amountCents) - vatUpTo(refundedCents);
}
