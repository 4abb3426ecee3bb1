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
 * What an order has received towards its total up to a moment: its paid payments (not
 * overpayments) and credit applied, less what went back to credit. SQL twin of `paidTowards`.
 */
const receivedBy = (order: string, until: ReturnType<typeof sql>) => sql`
  (select coalesce(sum(coalesce(p.gross_cents, p.amount_cents)), 0) from payments p
    where p.order_id = ${sql.raw(order)} and p.status = 'paid' and not p.overpayment
      and p.paid_at < ${until})
  - (select coalesce(sum(c.amount_cents), 0) from credit_entries c
    where c.order_id = ${sql.raw(order)} and c.kind in ('applied', 'released', 'excess')
      and c.created_at < ${until})`;

/**
 * Money the company holds for customers at a moment: account credit, and what unpaid orders have
 * received so far (part payments, credit applied).
 */
async function heldAt(db: Db, until: ReturnType<typeof sql>) {
  const [credit, deposits] = await Promise.all([
    db.execute(sql`select coalesce(sum(amount_cents), 0) as cents from credit_entries
                   where created_at < ${until}`),
    db.execute(sql`select coalesce(sum(${receivedBy('o.id', until)}), 0) as cents from orders o
                   where o.created_at < ${until} and (o.paid_at is null or o.paid_at >= ${until})`),
  ]);
  return { credit: n(rowsOf(credit)[0]?.cents), deposits: n(rowsOf(deposits)[0]?.cents) };
}

/**
 * Reconciles a period (South African days, both ends included). Orders paid less the refunds on
 * them, and invoices less credit notes, must be the same amount; and the money that came in
 * (card and bank) less what went back out must be those sales plus what the company came to hold
 * for customers (credit, part payments) less the credit the team granted. Every reference that
 * keeps them apart is listed with why.
 */
export async function reconcile(
  db: Db,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<Reconciliation> {
  const to = query.to ?? todaySa();
  const from = query.from ?? `${to.slice(0, 8)}01`;
  const inPeriod = (column: string) =>
    sql`(${sql.raw(column)} at time zone 'Africa/Johannesburg')::date between ${from}::date and ${to}::date`;
  const start = sql`(${from}::date)::timestamp at time zone 'Africa/Johannesburg'`;
  const end = sql`(${to}::date + 1)::timestamp at time zone 'Africa/Johannesburg'`;

  const [orders, payments, refunds, invoices, notes, adjustments, before, after] =
    await Promise.all([
      db.execute(sql`
        select o.reference, o.total_cents, ${receivedBy('o.id', sql`'infinity'::timestamptz`)} as paid_cents,
               (select i.total_cents from invoices i where i.order_id = o.id) as invoice_cents
        from orders o where o.paid_at is not null and ${inPeriod('o.paid_at')}`),
      db.execute(sql`
        select p.reference, coalesce(p.gross_cents, p.amount_cents) as gross_cents, p.overpayment,
               o.user_id is not null as has_customer,
               exists (select 1 from credit_entries c
                        where c.payment_id = p.id and c.kind = 'overpayment') as kept
        from payments p join orders o on o.id = p.order_id
        where p.status = 'paid' and ${inPeriod('p.paid_at')}`),
      db.execute(sql`
        select r.reference, r.amount_cents, r.destination,
               p.overpayment or o.paid_at is null as held_as_credit, c.total_cents as note_cents
        from refunds r join payments p on p.id = r.payment_id join orders o on o.id = p.order_id
        left join credit_notes c on c.refund_id = r.id
        where r.status = 'completed' and ${inPeriod('r.completed_at')}`),
      db.execute(sql`
        select i.number, i.total_cents, o.paid_at is not null as paid
        from invoices i join orders o on o.id = i.order_id where ${inPeriod('i.issued_at')}`),
      db.execute(sql`
        select c.number, c.total_cents, r.status as refund_status
        from credit_notes c join refunds r on r.id = c.refund_id where ${inPeriod('c.issued_at')}`),
      db.execute(sql`
        select coalesce(sum(amount_cents), 0) as cents from credit_entries
        where kind = 'adjustment' and created_at >= ${start} and created_at < ${end}`),
      heldAt(db, start),
      heldAt(db, end),
    ]);

  const breaks: Reconciliation['breaks'] = [];
  for (const o of rowsOf(orders)) {
    const reference = String(o.reference);
    if (n(o.paid_cents) !== n(o.total_cents))
      breaks.push({
        reference,
        problem: `received ${formatZAR(n(o.paid_cents))} for a total of ${formatZAR(n(o.total_cents))}`,
      });
    if (o.invoice_cents === null) breaks.push({ reference, problem: 'paid without an invoice' });
    else if (n(o.invoice_cents) !== n(o.total_cents))
      breaks.push({
        reference,
        problem: `invoiced ${formatZAR(n(o.invoice_cents))} for a total of ${formatZAR(n(o.total_cents))}`,
      });
  }
  for (const p of rowsOf(payments)) {
    if (p.overpayment && p.has_customer && !p.kept)
      breaks.push({
        reference: String(p.reference),
        problem: 'overpayment kept neither as credit nor refunded',
      });
  }
  for (const r of rowsOf(refunds)) {
    if (r.held_as_credit) continue;
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
  const saleRefunds = sum(rowsOf(refunds), 'amount_cents', (r) => !r.held_as_credit);
  const paymentsReceived = sum(rowsOf(payments), 'gross_cents');
  const moneyRefunded = sum(rowsOf(refunds), 'amount_cents', (r) => r.destination === 'method');
  const invoiced = sum(rowsOf(invoices), 'total_cents');
  const credited = sum(rowsOf(notes), 'total_cents');
  const granted = n(rowsOf(adjustments)[0]?.cents);
  const netSales = paidOrders - saleRefunds;
  const netPayments = paymentsReceived - moneyRefunded;
  const netInvoiced = invoiced - credited;
  const heldChange = after.credit + after.deposits - before.credit - before.deposits;
  return {
    from,
    to,
    paidOrders: centsToRand(paidOrders),
    saleRefunds: centsToRand(saleRefunds),
    netSales: centsToRand(netSales),
    paymentsReceived: centsToRand(paymentsReceived),
    allRefunds: centsToRand(moneyRefunded),
    netPayments: centsToRand(netPayments),
    invoices: centsToRand(invoiced),
    creditNotes: centsToRand(credited),
    netInvoiced: centsToRand(netInvoiced),
    creditHeld: centsToRand(after.credit),
    depositsHeld: centsToRand(after.deposits),
    heldChange: centsToRand(heldChange),
    creditGranted: centsToRand(granted),
    balanced:
      netSales === netInvoiced &&
      netPayments === netSales + heldChange - granted &&
      breaks.length === 0,
    breaks,
  };
}
