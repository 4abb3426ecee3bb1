/** Carrying a requested refund out: asking the method, then completing or failing it. */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { creditNotes, invoices, orders, payments, refunds, users } from '#db/schema/index.ts';
import { formatZAR } from '#shared/money.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import {
  PaymentMethodRefusedError,
  refundRouteFor,
} from '../../integrations/payment-methods/payment-method.ts';
import { paymentMethod } from '../../integrations/payment-methods/payment-methods.ts';
import { creditNoteNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import { moveOrder } from '../orders/order-status.service.ts';
import { undoOrderLines } from '../orders/order-lines.service.ts';
import { creditNoteMail, refundFailedAdminMail } from './payment-mails.ts';
import {
  completedCents,
  maskedAccount,
  type RefundDeps,
  type RefundRow,
} from './refunds.service.ts';

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

/**
 * PayFast made the refund: in one transaction the refund is completed, a refund of a supply gets
 * its credit note (the next number of its own series) and is e-mailed with it, and an order
 * refunded in full becomes refunded. An overpayment was no supply: no credit note, order as is.
 */
async function completeRefund(
  { db, config, orderLines }: RefundDeps,
  refundId: string,
  outcome: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [refund] = await tx
      .update(refunds)
      .set({ status: 'completed', outcome, completedAt: sql`now()`, bankAccount: null })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
      .returning();
    if (!refund) return;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId));
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId));
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, order!.id));
    const [customer] = order!.userId
      ? await tx.select().from(users).where(eq(users.id, order!.userId))
      : [];
    const note =
      payment!.overpayment || !invoice ? null : await issueCreditNote(tx, refund, invoice);
    if (!payment!.overpayment) {
      const all = await tx.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
      if (completedCents(all) >= payment!.amountCents) {
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
        }),
      });
    }
  });
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
