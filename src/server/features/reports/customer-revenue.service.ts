import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { creditNotes, invoices, orders, refunds, users } from '#db/schema/index.ts';
import type { CustomerRevenue, RevenueFigures } from '#shared/reports.schemas.ts';
import { profitPeriod } from '../admin/profit.service.ts';
import { csvLines, csvText } from './csv.ts';
import { monthAfter, monthStart } from './months.ts';
import { revenueCells, revenueHeadings } from './revenue-figures.ts';

type Row = { user: string | null; name: string | null; email: string | null };
type Sums = { count: number; total: number; vat: number };

/**
 * Each customer's revenue over the months from `from` to `to` (the last 12 unless asked), as
 * the documents state it: their tax invoices less the credit notes issued to them in the
 * period, the customers with most revenue first. A deleted account's documents stay, unnamed.
 */
export async function revenueByCustomer(
  db: Db,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<CustomerRevenue> {
  const { from, to } = profitPeriod(query);
  const start = monthStart(from);
  const end = monthStart(monthAfter(to));
  const sums = {
    count: sql<string>`count(*)`,
    total: sql<string>`sum(${invoices.totalCents})`,
    vat: sql<string>`sum(${invoices.vatCents})`,
  };
  const who = { user: users.id, name: users.fullName, email: users.email };
  const [sold, credited] = await Promise.all([
    db
      .select({ ...who, ...sums })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end)))
      .groupBy(users.id),
    db
      .select({
        ...who,
        count: sql<string>`count(*)`,
        total: sql<string>`sum(${creditNotes.totalCents})`,
        vat: sql<string>`sum(${creditNotes.vatCents})`,
      })
      .from(creditNotes)
      .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(and(gte(creditNotes.issuedAt, start), lt(creditNotes.issuedAt, end)))
      .groupBy(users.id),
  ]);
  const none: Sums = { count: 0, total: 0, vat: 0 };
  const people = new Map<string, { who: Row; sold: Sums; credited: Sums }>();
  const add = (rows: (Row & Record<keyof Sums, string>)[], side: 'sold' | 'credited') => {
    for (const row of rows) {
      const key = row.user ?? '';
      const entry = people.get(key) ?? { who: row, sold: none, credited: none };
      entry[side] = { count: Number(row.count), total: Number(row.total), vat: Number(row.vat) };
      people.set(key, entry);
    }
  };
  add(sold, 'sold');
  add(credited, 'credited');
  const customers = [...people.values()].map(({ who: w, sold: s, credited: c }) => ({
    name: w.name ?? 'Deleted account',
    email: w.email ?? '',
    invoices: s.count,
    salesCents: s.total,
    refundsCents: c.total,
    revenueCents: s.total - c.total,
    revenueExVatCents: s.total - s.vat - (c.total - c.vat),
  }));
  customers.sort((a, b) => b.revenueCents - a.revenueCents);
  return { from, to, customers };
}

/** The same rows as CSV, then their total; the VAT-exclusive column only for a VAT vendor. */
export function customerRevenueCsv(report: CustomerRevenue, vatRegistered: boolean): string {
  const sum = (key: keyof RevenueFigures) =>
    report.customers.reduce((total, c) => total + c[key], 0);
  const totals: RevenueFigures = {
    invoices: sum('invoices'),
    salesCents: sum('salesCents'),
    refundsCents: sum('refundsCents'),
    revenueCents: sum('revenueCents'),
    revenueExVatCents: sum('revenueExVatCents'),
  };
  return csvLines([
    ['Customer', 'E-mail', ...revenueHeadings(vatRegistered)],
    ...report.customers.map((c) => [
      csvText(c.name),
      csvText(c.email),
      ...revenueCells(c, vatRegistered),
    ]),
    ['Total', '', ...revenueCells(totals, vatRegistered)],
  ]);
}
