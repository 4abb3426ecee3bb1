import { and, asc, gte, lt } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { creditNotes, invoices } from '#db/schema/index.ts';
import { saToday } from '#shared/dates.ts';
import { centsToDecimalString } from '#shared/money.ts';
import type { VatDocument, VatReturn, VatReturnQuery } from '#shared/reports.schemas.ts';
import { vatPeriodDays, vatPeriodLabel, vatPeriodOf } from '#shared/vat-periods.ts';
import { vatWording } from '#shared/vat-wording.ts';
import { creditNoteNumber, invoiceNumber } from '../../integrations/pdf/money-documents-pdf.ts';
import { csvLines, csvText } from './csv.ts';
import { saMidnight } from './months.ts';

const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const totals = (documents: VatDocument[]) => ({
  count: documents.length,
  totalCents: documents.reduce((sum, d) => sum + d.totalCents, 0),
  vatCents: documents.reduce((sum, d) => sum + d.vatCents, 0),
});

/**
 * The output VAT of one period (the current one unless asked), from the documents themselves:
 * what their snapshots state is what the customer holds, so the figures match them to the cent.
 */
export async function vatReturn(
  db: Db,
  vatRegistered: boolean,
  query: VatReturnQuery,
  now = new Date(),
): Promise<VatReturn> {
  const period = query.period ?? vatPeriodOf(saToday(now));
  const { from, until, due } = vatPeriodDays(period);
  const start = saMidnight(from);
  const end = saMidnight(until);
  const noVatReturn = vatWording(vatRegistered).noVatReturn;

  const [issued, credited] = noVatReturn
    ? [[], []]
    : await Promise.all([
        db
          .select()
          .from(invoices)
          .where(and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end)))
          .orderBy(asc(invoices.number)),
        db
          .select()
          .from(creditNotes)
          .where(and(gte(creditNotes.issuedAt, start), lt(creditNotes.issuedAt, end)))
          .orderBy(asc(creditNotes.number)),
      ]);
  const invoiceDocuments: VatDocument[] = issued.map((invoice) => ({
    kind: 'invoice',
    number: invoiceNumber(invoice.number),
    issuedOn: saToday(invoice.issuedAt),
    customer: invoice.recipient.name ?? '',
    corrects: null,
    totalCents: invoice.totalCents,
    vatCents: invoice.vatCents,
  }));
  const creditDocuments: VatDocument[] = credited.map((note) => ({
    kind: 'credit_note',
    number: creditNoteNumber(note.number),
    issuedOn: saToday(note.issuedAt),
    customer: note.recipient.name ?? '',
    corrects: invoiceNumber(note.invoiceNumber),
    totalCents: note.totalCents,
    vatCents: note.vatCents,
  }));
  const invoiceTotals = totals(invoiceDocuments);
  const creditTotals = totals(creditDocuments);
  return {
    period,
    label: vatPeriodLabel(period),
    from,
    to: dayBefore(until),
    dueOn: due,
    noVatReturn,
    invoices: invoiceTotals,
    creditNotes: creditTotals,
    outputVatCents: invoiceTotals.vatCents - creditTotals.vatCents,
    documents: [...invoiceDocuments, ...creditDocuments],
  };
}

export const vatReturnFileName = (report: VatReturn) => `vat-return-${report.period}.csv`;

/**
 * The period's documents as CSV, a credit note's amounts negative so that the columns add up to
 * the last row: the net total and the output VAT to declare. Without VAT, the one sentence.
 */
export function vatReturnCsv(report: VatReturn): string {
  if (report.noVatReturn) return csvLines([[csvText(report.noVatReturn)]]);
  // Only a VAT vendor's report lists documents: they are tax invoices.
  const vat = vatWording(true);
  const signed = (document: VatDocument, cents: number) =>
    centsToDecimalString(document.kind === 'credit_note' ? -cents : cents);
  return csvLines([
    ['Document', 'Number', 'Issued on', 'Customer', 'Corrects', `Total${vat.incl} (R)`, 'VAT (R)'],
    ...report.documents.map((d) => [
      d.kind === 'invoice' ? vat.invoiceTitle : 'Credit Note',
      d.number,
      d.issuedOn,
      csvText(d.customer),
      d.corrects ?? '',
      signed(d, d.totalCents),
      signed(d, d.vatCents),
    ]),
    [
      'Output VAT',
      '',
      '',
      '',
      '',
      centsToDecimalString(report.invoices.totalCents - report.creditNotes.totalCents),
      centsToDecimalString(report.outputVatCents),
    ],
  ]);
}
