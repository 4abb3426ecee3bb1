import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import type { ProfitMonth } from '#shared/admin.schemas.ts';
import type { ProfitServiceFigures } from '#shared/profit.schemas.ts';
import { centsToRand, randToDecimalString } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import { discountLineType } from '../orders/order-lines.service.ts';

type Rows = Record<string, string | number | null>[];
const rowsOf = (result: unknown) => (result as { rows: Rows }).rows;
const n = (value: string | number | null | undefined) => Number(value ?? 0);
const localMonth = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'Africa/Johannesburg', 'YYYY-MM')`);

/** The months asked for, both included; by default the 13 up to this one (South African time). */
export function profitPeriod(query: { from?: string | undefined; to?: string | undefined }) {
  const now = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' });
  const to = query.to ?? now.slice(0, 7);
  if (query.from) return { from: query.from, to };
  const [year, month] = to.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 1 - 12, 1));
  return { from: start.toISOString().slice(0, 7), to };
}

/**
 * Per month, newest first, on one basis (excluding VAT): sales (orders' totals, after any coupon:
 * revenue is what was charged) less the refunds made that month
 * (a refund lowers revenue and VAT in its own month), PayFast's fees split into the fee and its
 * VAT (a VAT vendor claims the VAT back, so only the fee excluding VAT is a cost), registrar
 * costs, and overpayments received (owed back, never revenue).
 */
export async function profitByMonth(
  db: Db,
  vatRegistered: boolean,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<ProfitMonth[]> {
  const { from, to } = profitPeriod(query);
  const result = await db.execute(sql`
    with sales as (
      select ${localMonth('o.paid_at')} as month,
             count(*)::int as orders,
             sum(o.total_cents)::int as total_cents,
             sum(o.vat_cents)::int as vat_cents,
             coalesce(sum((select sum(d.registrar_cost_cents) from order_items oi
                            join domain_orders d on d.id = oi.domain_order_id
                            where oi.order_id = o.id)), 0)::int as registrar_cents
      from orders o where o.paid_at is not null group by 1
    ),
    fees as (
      select ${localMonth('p.paid_at')} as month,
             sum(coalesce(p.fee_cents, 0))::int as fee_cents,
             sum(case when p.overpayment then coalesce(p.gross_cents, p.amount_cents) else 0 end)::int
               as overpaid_cents
      from payments p where p.status = 'paid' and p.paid_at is not null group by 1
    ),
    refunded as (
      select ${localMonth('r.completed_at')} as month,
             sum(r.amount_cents)::int as total_cents, sum(r.vat_cents)::int as vat_cents
      from refunds r join payments p on p.id = r.payment_id
      where r.status = 'completed' and not p.overpayment group by 1
    ),
    months as (
      select month from sales union select month from fees union select month from refunded
    )
    select m.month,
           coalesce(s.orders, 0) as orders,
           coalesce(s.total_cents, 0) as total_cents,
           coalesce(s.vat_cents, 0) as vat_cents,
           coalesce(s.registrar_cents, 0) as registrar_cents,
           coalesce(f.fee_cents, 0) as fee_cents,
           coalesce(f.overpaid_cents, 0) as overpaid_cents,
           coalesce(r.total_cents, 0) as refund_cents,
           coalesce(r.vat_cents, 0) as refund_vat_cents
    from months m
    left join sales s on s.month = m.month
    left join fees f on f.month = m.month
    left join refunded r on r.month = m.month
    where m.month between ${from} and ${to}
    order by m.month desc
  `);
  return rowsOf(result).map((r) => {
    const refunds = n(r.refund_cents);
    const total = n(r.total_cents) - refunds;
    const vat = n(r.vat_cents) - n(r.refund_vat_cents);
    const fees = n(r.fee_cents);
    const feesExVat = vatRegistered ? Math.round((fees * 100) / 115) : fees;
    const registrar = n(r.registrar_cents);
    return {
      month: String(r.month),
      orders: n(r.orders),
      revenue: centsToRand(total),
      vat: centsToRand(vat),
      revenueExVat: centsToRand(total - vat),
      refunds: centsToRand(refunds),
      overpayments: centsToRand(n(r.overpaid_cents)),
      paymentFees: centsToRand(fees),
      paymentFeesExVat: centsToRand(feesExVat),
      paymentFeeVat: centsToRand(fees - feesExVat),
      registrarCosts: centsToRand(registrar),
      grossProfit: centsToRand(total - vat - feesExVat - registrar),
    };
  });
}

const serviceLabels: Record<string, string> = {
  registration: 'Business registration',
  plan: 'Business plans',
  finance: 'Financial management',
  website: 'Websites',
  custom: 'Custom websites',
  email: 'Custom e-mail',
  app: 'Mobile apps',
  speed: 'Speed reports',
  domain: 'Domain registrations',
  'domain-renewal': 'Domain renewals',
  'domain-transfer': 'Domain transfers',
  'service-request': 'Quoted services',
  'invoice-line': 'Invoiced work',
  'quote-part': 'Quote deposits and balances',
  test: 'Test payments',
};

/** How a kind of service is named in the back office's figures (an unknown one as it is). */
export const serviceLabel = (kind: string) => serviceLabels[kind] ?? kind;

/**
 * The kind of service an order line counts under: a catalogue package's group, the first part of
 * its id ("finance-…"), however it was sold (from a service page, in a service-builder bundle, as
 * a company registration with its details or as a speed report); any other line by its type.
 */
export const serviceKind = (packageId: SQL | AnyColumn, type: SQL | AnyColumn) =>
  sql<string>`coalesce(split_part(${packageId}, '-', 1), ${type})`;

/**
 * By kind of service (`serviceKind`) over the period (orders paid in it), largest sales first.
 * For each: sales excluding VAT after any coupon (a line counts what it was charged, its price
 * less its part of the discount, so the discount line is no service of its own), card fees
 * shared out over an order's lines by their part of its total (a VAT vendor's fee excluding VAT,
 * as by month), the registrar's cost of each domain line, and gross profit. Refunds are of
 * payments, not of lines, so they are not spread over services here; the monthly figures take
 * them off.
 */
export async function profitByService(
  db: Db,
  vatRegistered: boolean,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<ProfitServiceFigures[]> {
  const { from, to } = profitPeriod(query);
  const result = await db.execute(sql`
    with lines as (
      select ${serviceKind(sql.raw('oi.package_id'), sql.raw('oi.type'))} as kind,
             (oi.total_cents - oi.discount_cents)::numeric / nullif(o.total_cents, 0) as share,
             o.subtotal_cents,
             coalesce(d.registrar_cost_cents, 0) as registrar_cents,
             coalesce((select sum(p.fee_cents) from payments p
                       where p.order_id = o.id and p.status = 'paid' and not p.overpayment), 0)
               as fee_cents
      from order_items oi join orders o on o.id = oi.order_id
      left join domain_orders d on d.id = oi.domain_order_id
      where o.paid_at is not null and ${localMonth('o.paid_at')} between ${from} and ${to}
        and oi.type <> ${discountLineType}
    )
    select kind, count(*)::int as lines,
           sum(round(share * subtotal_cents))::int as ex_vat_cents,
           sum(round(share * fee_cents))::int as fee_cents,
           sum(registrar_cents)::int as registrar_cents
    from lines
    group by 1
    order by 3 desc nulls last, 1
  `);
  return rowsOf(result).map((r) => {
    const sales = n(r.ex_vat_cents);
    const fees = n(r.fee_cents);
    const feesExVat = vatRegistered ? Math.round((fees * 100) / 115) : fees;
    const registrar = n(r.registrar_cents);
    return {
      kind: String(r.kind),
      label: serviceLabel(String(r.kind)),
      lines: n(r.lines),
      revenueExVat: centsToRand(sales),
      paymentFeesExVat: centsToRand(feesExVat),
      registrarCosts: centsToRand(registrar),
      grossProfit: centsToRand(sales - feesExVat - registrar),
    };
  });
}

type CsvColumn = [keyof ProfitMonth, string];

/** The CSV's columns: without VAT there is one basis, so the VAT columns (all zero) go. */
function csvColumns(vatRegistered: boolean): CsvColumn[] {
  const vat = vatWording(vatRegistered);
  const vatOnly = (...columns: CsvColumn[]) => (vatRegistered ? columns : []);
  return [
    ['month', 'Month'],
    ['orders', 'Orders'],
    ['revenue', `Revenue${vat.incl} (R)`],
    ...vatOnly(['vat', 'VAT (R)'], ['revenueExVat', `Revenue${vat.excl} (R)`]),
    ['refunds', `Refunds${vat.incl} (R)`],
    ['overpayments', 'Overpayments received (R)'],
    ['paymentFees', `Card fees${vat.incl} (R)`],
    ...vatOnly(
      ['paymentFeesExVat', `Card fees${vat.excl} (R)`],
      ['paymentFeeVat', 'VAT on card fees (R)'],
    ),
    ['registrarCosts', 'Registrar costs (R)'],
    ['grossProfit', 'Gross profit (R)'],
  ];
}

/** The monthly figures as CSV (comma-separated, dot decimals) for a spreadsheet or accountant. */
export function profitCsv(months: ProfitMonth[], vatRegistered: boolean): string {
  const columns = csvColumns(vatRegistered);
  const cell = (key: keyof ProfitMonth, value: string | number) =>
    key === 'month' || key === 'orders' ? String(value) : randToDecimalString(Number(value));
  const lines = [
    columns.map(([, title]) => title).join(','),
    ...months.map((m) => columns.map(([key]) => cell(key, m[key])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
