/**
 * The refund ledger as the site shows it: refunds of payments with their credit notes, the
 * order book's payments with what is left to refund, overpayments still open, credit note PDFs.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { creditNotes, orders, payments, refunds } from '#db/schema/index.ts';
import { centsToRand, randToCents } from '#shared/money.ts';
import type { AdminPayment, Refund } from '#shared/payment-ledger.schemas.ts';
import {
  creditNoteNumber,
  renderCreditNotePdf,
} from '../../integrations/pdf/money-documents-pdf.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Viewer } from '../../plugins/sessions.ts';
import { customerOf, issuerOf, type DocumentDeps } from './invoices.service.ts';

export type RefundRow = typeof refunds.$inferSelect;

export const toRefund = (row: RefundRow, creditNote: number | null): Refund => ({
  reference: row.reference,
  amount: centsToRand(row.amountCents),
  vat: centsToRand(row.vatCents),
  reason: row.reason,
  status: row.status,
  destination: row.destination,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  creditNote: creditNote === null ? null : creditNoteNumber(creditNote),
});

/** The refunds of these payments, oldest first, each with its credit note. */
export async function refundsOfPayments(
  db: Db | Tx,
  paymentIds: string[],
): Promise<Map<string, Refund[]>> {
  const byPayment = new Map<string, Refund[]>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .select({ refund: refunds, note: creditNotes.number })
    .from(refunds)
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .where(inArray(refunds.paymentId, paymentIds))
    .orderBy(asc(refunds.createdAt));
  for (const { refund, note } of rows) {
    byPayment.set(refund.paymentId, [
      ...(byPayment.get(refund.paymentId) ?? []),
      toRefund(refund, note),
    ]);
  }
  return byPayment;
}

/** Every payment of these orders as the order book shows it: paid, refunded and what is left. */
export async function paymentsOfOrders(
  db: Db,
  orderIds: string[],
): Promise<Map<string, AdminPayment[]>> {
  const byOrder = new Map<string, AdminPayment[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), sql`${payments.status} <> 'pending'`))
    .orderBy(asc(payments.createdAt));
  const refundsBy = await refundsOfPayments(
    db,
    rows.map((p) => p.id),
  );
  for (const payment of rows) {
    const list = refundsBy.get(payment.id) ?? [];
    const refunded = list
      .filter((r) => r.status === 'completed')
      .reduce((sum, r) => sum + randToCents(r.amount), 0);
    byOrder.set(payment.orderId, [
      ...(byOrder.get(payment.orderId) ?? []),
      {
        reference: payment.reference,
        status: payment.status,
        amount: centsToRand(payment.amountCents),
        method: payment.method,
        externalId: payment.externalId,
        paidAt: payment.paidAt?.toISOString() ?? null,
        overpayment: payment.overpayment,
        refundable: payment.status === 'paid' ? centsToRand(payment.amountCents - refunded) : 0,
        refunds: list,
      },
    ]);
  }
  return byOrder;
}

/** Overpayments not yet given back in full (the admin dashboard counts them). */
export async function countOpenOverpayments(db: Db): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from payments p
    where p.overpayment and p.status = 'paid'
      and p.amount_cents > coalesce((select sum(r.amount_cents) from refunds r
                                     where r.payment_id = p.id and r.status = 'completed'), 0)
  `);
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}

/** A credit note's PDF for its customer or an administrator. */
export async function creditNotePdf({ db, config }: DocumentDeps, number: number, viewer: Viewer) {
  const [row] = await db
    .select({ note: creditNotes, order: orders, outcome: refunds.outcome })
    .from(creditNotes)
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      'admin' in viewer
        ? eq(creditNotes.number, number)
        : and(eq(creditNotes.number, number), eq(orders.userId, viewer.userId)),
    );
  if (!row) {
    throw new AppError('NOT_FOUND', {
      message: `There is no credit note ${creditNoteNumber(number)} in your account`,
    });
  }
  const pdf = await renderCreditNotePdf({
    ...row.note,
    orderReference: row.order.reference,
    company: issuerOf(config, row.note.supplier),
    customer: customerOf(row.note.recipient),
    refundedHow: row.outcome ?? 'Refunded',
  });
  return { pdf, filename: `${creditNoteNumber(number)}.pdf` };
}
