import { and, asc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  creditNotes,
  invoices,
  orderItems,
  refunds,
  serviceAddOns,
  servicePackages,
} from '#db/schema/index.ts';
import type { RevenueFigures, ServiceRevenue } from '#shared/reports.schemas.ts';
import { profitPeriod, serviceKind, serviceLabel } from '../admin/profit.service.ts';
import { discountLineType } from '../orders/order-lines.service.ts';
import { csvLines, csvText } from './csv.ts';
import { monthAfter, monthStart } from './months.ts';
import { revenueCells, revenueHeadings } from './revenue-figures.ts';
import { shareOut } from './share-out.ts';

/** One line of a document's order, with the document's own amounts. */
type DocumentLine = {
  document: string;
  totalCents: number;
  vatCents: number;
  kind: string;
  packageId: string | null;
  packageName: string | null;
  lineCents: number;
};
type Side = 'invoice' | 'creditNote';

/** What a row has taken so far: the invoices it is on, and the cents shared out to it. */
class Tally {
  readonly invoices = new Set<string>();
  sales = 0;
  salesVat = 0;
  refunds = 0;
  refundsVat = 0;

  add(side: Side, document: string, cents: number, vatCents: number) {
    if (side === 'invoice') {
      this.invoices.add(document);
      this.sales += cents;
      this.salesVat += vatCents;
    } else {
      this.refunds += cents;
      this.refundsVat += vatCents;
    }
  }

  figures(): RevenueFigures {
    return {
      invoices: this.invoices.size,
      salesCents: this.sales,
      refundsCents: this.refunds,
      revenueCents: this.sales - this.refunds,
      revenueExVatCents: this.sales - this.salesVat - (this.refunds - this.refundsVat),
    };
  }
}

/** A catalogue package (or add-on) as the report names it, with its tally. */
type Catalogued = { name: string; tally: Tally };

const byRevenue = <T extends RevenueFigures>(rows: T[], name: (row: T) => string) =>
  rows.sort((a, b) => b.revenueCents - a.revenueCents || name(a).localeCompare(name(b)));

/**
 * An order line's kind of service, its catalogue item (a package, or an add-on sold alone) and
 * what it was charged: its price less its part of a coupon's discount, so the discount line
 * itself is no service of its own (as in profit by service).
 */
const lineOf = {
  kind: serviceKind(orderItems.packageId, orderItems.type),
  packageId: orderItems.packageId,
  packageName: sql<string | null>`coalesce(
    (select ${servicePackages.name} from ${servicePackages} where ${servicePackages.id} = ${orderItems.packageId}),
    (select ${serviceAddOns.name} from ${serviceAddOns} where ${serviceAddOns.id} = ${orderItems.packageId}))`,
  lineCents: sql<number>`${orderItems.totalCents} - ${orderItems.discountCents}`.mapWith(Number),
};
const serviceLine = ne(orderItems.type, discountLineType);

/**
 * Revenue per kind of service and catalogue package over the months from `from` to `to` (the
 * last 13 unless asked), from the documents: each tax invoice issued in the period, and each
 * credit note issued in it, is shared out over the lines of its order in proportion to what they
 * cost, its total and its VAT each in whole cents that add up to what the document states. So
 * the services' figures add up to the invoices less the credit notes to the cent, as the VAT
 * return and revenue by customer state them for the same months.
 */
export async function revenueByService(
  db: Db,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<ServiceRevenue> {
  const { from, to } = profitPeriod(query);
  const start = monthStart(from);
  const end = monthStart(monthAfter(to));
  const [invoiced, credited] = await Promise.all([
    db
      .select({
        document: invoices.id,
        totalCents: invoices.totalCents,
        vatCents: invoices.vatCents,
        ...lineOf,
      })
      .from(invoices)
      .innerJoin(orderItems, eq(orderItems.orderId, invoices.orderId))
      .where(and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end), serviceLine))
      .orderBy(asc(invoices.number), asc(orderItems.id)),
    db
      .select({
        document: creditNotes.id,
        totalCents: creditNotes.totalCents,
        vatCents: creditNotes.vatCents,
        ...lineOf,
      })
      .from(creditNotes)
      .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
      .innerJoin(orderItems, eq(orderItems.orderId, refunds.orderId))
      .where(and(gte(creditNotes.issuedAt, start), lt(creditNotes.issuedAt, end), serviceLine))
      .orderBy(asc(creditNotes.number), asc(orderItems.id)),
  ]);

  const totals = new Tally();
  const services = new Map<string, { tally: Tally; packages: Map<string, Catalogued> }>();
  const shareOutDocuments = (rows: DocumentLine[], side: Side) => {
    const documents = new Map<string, DocumentLine[]>();
    for (const row of rows) {
      const lines = documents.get(row.document);
      if (lines) lines.push(row);
      else documents.set(row.document, [row]);
    }
    for (const [document, lines] of documents) {
      const { totalCents, vatCents } = lines[0]!;
      totals.add(side, document, totalCents, vatCents);
      const weights = lines.map((line) => line.lineCents);
      const cents = shareOut(totalCents, weights);
      const vat = shareOut(vatCents, weights);
      lines.forEach((line, index) => {
        const service = services.get(line.kind) ?? { tally: new Tally(), packages: new Map() };
        services.set(line.kind, service);
        service.tally.add(side, document, cents[index]!, vat[index]!);
        if (line.packageId === null) return;
        const item = service.packages.get(line.packageId) ?? {
          name: line.packageName ?? line.packageId,
          tally: new Tally(),
        };
        service.packages.set(line.packageId, item);
        item.tally.add(side, document, cents[index]!, vat[index]!);
      });
    }
  };
  shareOutDocuments(invoiced, 'invoice');
  shareOutDocuments(credited, 'creditNote');
  const rows = [...services].map(([kind, { tally, packages }]) => ({
    kind,
    label: serviceLabel(kind),
    ...tally.figures(),
    packages: byRevenue(
      [...packages].map(([id, item]) => ({ id, name: item.name, ...item.tally.figures() })),
      (row) => row.name,
    ),
  }));
  return { from, to, services: byRevenue(rows, (row) => row.label), totals: totals.figures() };
}

/**
 * The same figures as CSV: a row per catalogue package (a service sold without one is one row),
 * so that each amount column adds up to the last row, the period's total, and a service's
 * amounts are the sum of its rows. An invoice with two packages counts once in each.
 */
export function serviceRevenueCsv(report: ServiceRevenue, vatRegistered: boolean): string {
  return csvLines([
    ['Service', 'Package', ...revenueHeadings(vatRegistered)],
    ...report.services.flatMap((service) =>
      service.packages.length === 0
        ? [[csvText(service.label), '', ...revenueCells(service, vatRegistered)]]
        : service.packages.map((item) => [
            csvText(service.label),
            csvText(item.name),
            ...revenueCells(item, vatRegistered),
          ]),
    ),
    ['Total', '', ...revenueCells(report.totals, vatRegistered)],
  ]);
}
