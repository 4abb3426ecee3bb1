/** Carrying a requested refund out: asking the method, then completing or failing it. */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { creditNotes, invoices, orders, payments, refunds, users } from '#db/schema/index.ts';
import { formatZAR } from '#shared/money.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import {
  notifies,
  PaymentMethodRefusedError,
  refundRouteFor,
} from '../../integrations/payment-methods/payment-method.ts';
import { paymentMethod } from '../../integrations/payment-methods/payment-methods.ts';
import { creditNoteNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import { moveOrder } from '../orders/order-status.service.ts';
import { undoOrderLines } from '../orders/order-lines.service.ts';
import { creditNoteMail, refundFailedAdminMail } from './payment-mails.ts';
import { addCreditEntry, creditApplied, lockCredit } from '../credit/credit-ledger.service.ts';
import { completedCents, heldAsCredit, maskedAccount, type RefundDeps } from './refunds.service.ts';
import type { RefundRow } from './refund-ledger.service.ts';

/**
 * The refund-payment job: asks the payment's method what is left to refund and notes it before
 * asking for the refund, so a later try that finds the refund already taken off (the try before
 * crashed after the method made it) completes it instead of refunding twice. The same answer
 * says how the refund reaches the buyer: back to the card, or into their bank account (PayFast's
 * BANK_PAYOUT), which the refund must then carry.
 * The method's refusal (PaymentMethodRefusedError) fails the refund for good and the
 * administrators are told; no answer (PaymentMethodUnavailableError) is tried again later.
 */
export async function carryOutRefund(
  deps: RefundDeps,
  refundId: string,
  options: { lastAttempt: boolean },
): Promise<void> {
  const { db, config } = deps;
  const [row] = await db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!row || row.refund.status !== 'pending') return;
  const { refund, payment } = row;
  const method = paymentMethod(config, payment.method);
  // Kept as credit, or given by a method that cannot send money back (a bank transfer): credit.
  if (refund.destination === 'credit' || !notifies(method)) {
    await db.transaction(async (tx) => {
      await tx.update(refunds).set({ destination: 'credit' }).where(eq(refunds.id, refund.id));
      await completeRefundIn(tx, deps, refund.id, 'Kept as account credit');
    });
    return;
  }
  let paidInto: string | null = null;
  try {
    const terms = await method.refundTerms(payment.externalId!);
    const available = terms.availableCents;
    const askedBefore = refund.availableBeforeCents;
    if (askedBefore !== null && available <= askedBefore - refund.amountCents) {
      await completeRefund(deps, refund.id, `${method.provider} had already made this refund`);
      return;
    }
    const words = terms.notes.length > 0 ? `: ${terms.notes.join(' — ')}` : '';
    if (available < refund.amountCents) {
      throw new PaymentMethodRefusedError(
        `${method.provider} allows only ${formatZAR(available)} more to be refunded on this payment${words}`,
      );
    }
    const route = refundRouteFor(terms, refund.amountCents);
    if (route === 'none') {
      const kind = refund.amountCents === terms.originalCents ? 'a full' : 'a partial';
      throw new PaymentMethodRefusedError(
        `${method.provider} allows ${kind} refund of this payment in no way now${words}`,
      );
    }
    if (route === 'bank-account' && !refund.bankAccount) {
      throw new PaymentMethodRefusedError(
        `${method.provider} pays this refund into the buyer's bank account, not back to the card: ` +
          'refund again with the account holder, bank, branch code, account number and account type',
      );
    }
    await db
      .update(refunds)
      .set({ availableBeforeCents: available })
      .where(eq(refunds.id, refund.id));
    const bankAccount = route === 'bank-account' ? refund.bankAccount! : undefined;
    await method.refund({
      externalId: payment.externalId!,
      amountCents: refund.amountCents,
      reason: refund.reason,
      bankAccount,
    });
    if (bankAccount) paidInto = maskedAccount(bankAccount);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof PaymentMethodRefusedError || options.lastAttempt) {
      await failRefund(deps, refund, payment.reference, {
        why: message,
        refused: error instanceof PaymentMethodRefusedError,
      });
    }
    throw error;
  }
  await completeRefund(
    deps,
    refund.id,
    paidInto
      ? `Paid by ${method.provider} into the buyer's ${paidInto}`
      : `Refunded by ${method.provider} to the card`,
  );
}

async function failRefund(
  { db, config }: RefundDeps,
  refund: RefundRow,
  paymentReference: string,
  outcome: { why: string; refused: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(refunds)
      .set({ status: 'failed', outcome: outcome.why.slice(0, 500), bankAccount: null })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    if (!failed) return;
    await queueMail(tx, {
      to: config.site.contactEmail,
      ...refundFailedAdminMail(config, {
        refundReference: refund.reference,
        paymentReference,
        amountCents: refund.amountCents,
        ...outcome,
      }),
    });
  });
}

/** The method made the refund: completed, with its credit note and mail, in one transaction. */
async function completeRefund(deps: RefundDeps, refundId: string, outcome: string): Promise<void> {
  await deps.db.transaction((tx) => completeRefundIn(tx, deps, refundId, outcome));
}

/**
 * A refund is made (by the method, or kept as credit), in the caller's transaction: the refund is
 * completed, a refund of a supply gets its credit note (the next number of its own series) and
 * is e-mailed with it, and an order refunded in full becomes refunded. Credit moves with it: a
 * refund kept as credit adds to it; an overpayment given back takes off the credit it had been.
 * Returns the credit note's number (none for an overpayment, which was no supply).
 */
async function completeRefundIn(
  tx: Tx,
  { config, orderLines }: Pick<RefundDeps, 'config' | 'orderLines'>,
  refundId: string,
  outcome: string,
): Promise<number | null> {
  const [refund] = await tx
    .update(refunds)
    .set({ status: 'completed', outcome, completedAt: sql`now()`, bankAccount: null })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  if (!refund) return null;
  const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId));
  const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId));
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, order!.id));
  const [customer] = order!.userId
    ? await tx.select().from(users).where(eq(users.id, order!.userId))
    : [];
  const toCredit = refund.destination === 'credit';
  const credit = heldAsCredit(payment!, order!);
  if (customer && (toCredit || credit)) {
    await lockCredit(tx, customer.id);
    await addCreditEntry(tx, {
      userId: customer.id,
      amountCents: toCredit ? refund.amountCents : -refund.amountCents,
      kind: toCredit ? 'refund' : 'refund_paid',
      description: toCredit
        ? `Refund ${refund.reference} on order ${order!.reference}: ${refund.reason}`
        : `Payment ${payment!.reference} refunded (${refund.reference})`,
      orderId: order!.id,
      paymentId: payment!.id,
      refundId: refund.id,
    });
  }
  const note = credit || !invoice ? null : await issueCreditNote(tx, refund, invoice);
  if (!credit) {
    const all = await tx.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    if (completedCents(all) >= payment!.amountCents && (await orderRefundedInFull(tx, order!))) {
      const refunded = await moveOrder(
        tx,
        order!.id,
        'refunded',
        `Refunded in full (${refund.reference})`,
      );
      await undoOrderLines(tx, orderLines, refunded);
    }
  }
  if (customer) {
    await queueMail(tx, {
      to: customer.email,
      userId: customer.id,
      attachments: note === null ? [] : [{ kind: 'credit-note', number: note }],
      ...creditNoteMail(config, {
        name: customer.fullName,
        orderReference: order!.reference,
        paymentReference: payment!.reference,
        amountCents: refund.amountCents,
        reason: refund.reason,
        creditNote: note === null ? null : creditNoteNumber(note),
        route: toCredit ? 'credit' : outcome,
      }),
    });
  }
  return note;
}

/** Every payment of the order is refunded in full (an order paid in parts needs all of them). */
async function orderRefundedInFull(tx: Tx, order: typeof orders.$inferSelect): Promise<boolean> {
  const [row] = await tx
    .select({
      refunded: sql<string>`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.status} = 'completed'), 0)`,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.orderId, order.id), eq(payments.overpayment, false)));
  return Number(row?.refunded ?? 0) >= order.totalCents - (await creditApplied(tx, order.id));
}

/** The credit note of a refund, in the caller's transaction: the next number, no gaps. */
async function issueCreditNote(
  tx: Tx,
  refund: RefundRow,
  invoice: typeof invoices.$inferSelect,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(7160003)`);
  const [existing] = await tx.select().from(creditNotes).where(eq(creditNotes.refundId, refund.id));
  if (existing) return existing.number;
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${creditNotes.number}), 0) + 1` })
    .from(creditNotes)) as [{ next: number }];
  await tx.insert(creditNotes).values({
    number: Number(next),
    refundId: refund.id,
    invoiceNumber: invoice.number,
    supplier: invoice.supplier,
    recipient: invoice.recipient,
    reason: refund.reason,
    totalCents: refund.amountCents,
    vatCents: refund.vatCents,
  });
  return Number(next);
}
