import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { centsToRand, formatZAR } from '#shared/money.ts';
import type { Reconciliation } from '#shared/reconciliation.schemas.ts';
import { creditNoteNumber, invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';

type Rows = Record<string, string | number | null>[];
const rowsOf = (result: unknown) => (result as { rows: Rows }).rows;
const n = (value: string | number | null | undefined) => Number(value ?? 0);

/** Today in South Africa as YYYY-MM-DD. */
const todaySa = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' });

/**
 * Reconciles a period (South African days, both ends included): what orders were paid less the
 * refunds on them, what PayFast paid in less every refund, and what was invoiced less credit
 * notes must be the same amount; every reference that keeps them apart is listed with why.
 */
export async function reconcile(
  db: Db,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<Reconciliation> {
  const to = query.to ?? todaySa();
  const from = query.from ?? `${to.slice(0, 8)}01`;
  const inPeriod = (column: string) =>
    sql`(${sql.raw(column)} at time zone 'Africa/Johannesburg')::date between ${from}::date and ${to}::date`;

  const [orders, payments, refunds, invoices, notes] = await Promise.all([
    db.execute(sql`
      select o.reference, o.total_cents,
             (select coalesce(sum(coalesce(p.gross_cents, p.amount_cents)), 0) from payments p
               where p.order_id = o.id and p.status = 'paid' and not p.overpayment) as paid_cents,
             (select count(*) from payments p
               where p.order_id = o.id and p.status = 'paid' and not p.overpayment) as payments,
             (select i.total_cents from invoices i where i.order_id = o.id) as invoice_cents
      from orders o where o.paid_at is not null and ${inPeriod('o.paid_at')}`),
    db.execute(sql`
      select p.reference, coalesce(p.gross_cents, p.amount_cents) as gross_cents, p.overpayment,
             p.amount_cents,
             coalesce((select sum(r.amount_cents) from refunds r
                        where r.payment_id = p.id and r.status = 'completed'), 0) as refunded_cents
      from payments p where p.status = 'paid' and ${inPeriod('p.paid_at')}`),
    db.execute(sql`
      select r.reference, r.amount_cents, p.overpayment, c.total_cents as note_cents
      from refunds r join payments p on p.id = r.payment_id
      left join credit_notes c on c.refund_id = r.id
      where r.status = 'completed' and ${inPeriod('r.completed_at')}`),
    db.execute(sql`
      select i.number, i.total_cents, o.paid_at is not null as paid
      from invoices i join orders o on o.id = i.order_id where ${inPeriod('i.issued_at')}`),
    db.execute(sql`
      select c.number, c.total_cents, r.status as refund_status
      from credit_notes c join refunds r on r.id = c.refund_id where ${inPeriod('c.issued_at')}`),
  ]);

  const breaks: Reconciliation['breaks'] = [];
  for (const o of rowsOf(orders)) {
    const reference = String(o.reference);
    if (n(o.payments) !== 1)
      breaks.push({ reference, problem: `paid by ${n(o.payments)} card payments instead of one` });
    else if (n(o.paid_cents) !== n(o.total_cents))
      breaks.push({
        reference,
        problem: `PayFast paid ${formatZAR(n(o.paid_cents))} for a total of ${formatZAR(n(o.total_cents))}`,
      });
    if (o.invoice_cents === null) breaks.push({ reference, problem: 'paid without an invoice' });
    else if (n(o.invoice_cents) !== n(o.total_cents))
      breaks.push({
        reference,
        problem: `invoiced ${formatZAR(n(o.invoice_cents))} for a total of ${formatZAR(n(o.total_cents))}`,
      });
  }
  for (const p of rowsOf(payments)) {
    const left = n(p.gross_cents) - n(p.refunded_cents);
    if (p.overpayment && left > 0)
      breaks.push({
        reference: String(p.reference),
        problem: `overpayment: ${formatZAR(left)} still to be refunded`,
      });
  }
  for (const r of rowsOf(refunds)) {
    if (r.overpayment) continue;
    if (r.note_cents === null)
      breaks.push({ reference: String(r.reference), problem: 'refund without a credit note' });
    else if (n(r.note_cents) !== n(r.amount_cents))
      breaks.push({
        reference: String(r.reference),
        problem: `credit note of ${formatZAR(n(r.note_cents))} for a refund of ${formatZAR(n(r.amount_cents))}`,
      });
  }
  for (const i of rowsOf(invoices)) {
    if (!i.paid)
      breaks.push({
        reference: invoiceNumber(n(i.number)),
        problem: 'invoice for an unpaid order',
      });
  }
  for (const c of rowsOf(notes)) {
    if (c.refund_status !== 'completed')
      breaks.push({
        reference: creditNoteNumber(n(c.number)),
        problem: 'credit note for a refund that was not made',
      });
  }

  const sum = (rows: Rows, column: string, keep: (row: Rows[number]) => boolean = () => true) =>
    rows.filter(keep).reduce((total, row) => total + n(row[column]), 0);
  const paidOrders = sum(rowsOf(orders), 'total_cents');
  const saleRefunds = sum(rowsOf(refunds), 'amount_cents', (r) => !r.overpayment);
  const paymentsReceived = sum(rowsOf(payments), 'gross_cents');
  const allRefunds = sum(rowsOf(refunds), 'amount_cents');
  const invoiced = sum(rowsOf(invoices), 'total_cents');
  const credited = sum(rowsOf(notes), 'total_cents');
  const netSales = paidOrders - saleRefunds;
  const netPayments = paymentsReceived - allRefunds;
  const netInvoiced = invoiced - credited;
  return {
    from,
    to,
    paidOrders: centsToRand(paidOrders),
    saleRefunds: centsToRand(saleRefunds),
    netSales: centsToRand(netSales),
    paymentsReceived: centsToRand(paymentsReceived),
    allRefunds: centsToRand(allRefunds),
    netPayments: centsToRand(netPayments),
    invoices: centsToRand(invoiced),
    creditNotes: centsToRand(credited),
    netInvoiced: centsToRand(netInvoiced),
    balanced: netSales === netPayments && netPayments === netInvoiced && breaks.length === 0,
    breaks,
  };
}
