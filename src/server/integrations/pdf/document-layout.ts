/**
 * The layout every money document shares (invoice, pro-forma, credit note, quote): letterhead,
 * title with its stamp, the customer and the document's facts, the lines, the totals, then
 * sections of text; a long document runs on to new pages.
 */

import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import {
  colours,
  companyPdf,
  drawFacts,
  drawLetterhead,
  drawParty,
  page,
  type Company,
  type CustomerDetails,
} from './letterhead.ts';

/** One line of a document: what, how many, the unit price and the amount, VAT included. */
export type DocumentLine = {
  title: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
};

/** One amount that paid an order: a payment by a method, or the account credit used. */
export interface DocumentPayment {
  paidAt: Date;
  /** As the method names itself ("Card (PayFast)", "Bank transfer (EFT)", "Account credit"). */
  method: string;
  /** The method's own reference (PayFast's pf_payment_id, the bank line's reference), if any. */
  reference: string | null;
  amountCents: number;
}

export interface DocumentLayout {
  company: Company;
  title: string;
  /** A mark beside the title: PAID with its date, DUE with the amount. */
  stamp?: { text: string; detail: string; colour: string };
  facts: [string, string][];
  /** A line under the title, such as what a pro-forma is not. */
  note?: string;
  /** The heading of the customer's block ("Bill to" unless said). */
  customerHeading?: string;
  customer: CustomerDetails;
  lines: DocumentLine[];
  totalCents: number;
  totalLabel?: string;
  vatCents: number;
  /** Rows under the total: what was paid or received, and what is due. */
  settlement?: [string, string][];
  sections: {
    heading: string;
    text: string[];
    payments?: DocumentPayment[] | null;
    fallback?: string;
  }[];
}

const columns = {
  description: { x: page.left + 8, width: 262 },
  quantity: { x: 320, width: 35 },
  unit: { x: 360, width: 88 },
  amount: { x: 452, width: 85 },
};

/** The bottom of the writing area: past it a new page begins. */
const limit = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;

function ensureRoom(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > limit(doc)) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
}

function drawStamp(
  doc: PDFKit.PDFDocument,
  stamp: NonNullable<DocumentLayout['stamp']>,
  y: number,
) {
  const width = 128;
  const x = page.right - width;
  doc.roundedRect(x, y, width, 44, 5).lineWidth(2).strokeColor(stamp.colour).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(stamp.colour)
    .text(stamp.text, x, y + 6, { width, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(stamp.detail, x, y + 27, { width, align: 'center' });
}

function drawLinesTable(doc: PDFKit.PDFDocument, lines: DocumentLine[], incl: string) {
  const header = () => {
    const y = doc.y;
    doc.rect(page.left, y, page.width, 20).fill(colours.band);
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(colours.muted);
    doc.text('Description', columns.description.x, y + 6, { width: columns.description.width });
    doc.text('Qty', columns.quantity.x, y + 6, { width: columns.quantity.width, align: 'right' });
    doc.text(`Unit${incl}`, columns.unit.x, y + 6, { width: columns.unit.width, align: 'right' });
    doc.text(`Amount${incl}`, columns.amount.x, y + 6, {
      width: columns.amount.width,
      align: 'right',
    });
    doc.y = y + 26;
  };
  header();
  for (const line of lines) {
    doc.font('Helvetica').fontSize(9.5);
    const height = doc.heightOfString(line.title, { width: columns.description.width });
    if (doc.y + height + 8 > limit(doc)) {
      doc.addPage();
      doc.y = doc.page.margins.top;
      header();
    }
    const y = doc.y;
    doc.font('Helvetica').fontSize(9.5).fillColor(colours.ink);
    doc.text(line.title, columns.description.x, y, { width: columns.description.width });
    const cell = (text: string, column: { x: number; width: number }) =>
      doc.text(text, column.x, y, { width: column.width, align: 'right' });
    cell(String(line.quantity), columns.quantity);
    cell(formatZAR(line.unitCents), columns.unit);
    cell(formatZAR(line.totalCents), columns.amount);
    const bottom = y + height + 6;
    doc
      .moveTo(page.left, bottom)
      .lineTo(page.right, bottom)
      .lineWidth(0.5)
      .strokeColor(colours.rule)
      .stroke();
    doc.y = bottom + 6;
  }
}

/** The totals, right-aligned under the amounts: the VAT split for a vendor, then what is due. */
function drawTotals(doc: PDFKit.PDFDocument, layout: DocumentLayout) {
  const breakdown = vatWording(Boolean(layout.company.vatNumber)).breakdown;
  const rows: { label: string; value: string; strong?: boolean }[] = [
    ...(breakdown
      ? [
          {
            label: breakdown.exclusive,
            value: formatZAR(layout.totalCents - layout.vatCents),
          },
          { label: breakdown.vat, value: formatZAR(layout.vatCents) },
        ]
      : []),
    { label: layout.totalLabel ?? 'Total', value: formatZAR(layout.totalCents), strong: true },
    ...(layout.settlement ?? []).map(([label, value], i, all) => ({
      label,
      value,
      strong: i === all.length - 1,
    })),
  ];
  ensureRoom(doc, rows.length * 18 + 10);
  const x = 320;
  const labelWidth = 128;
  let y = doc.y + 4;
  for (const [i, row] of rows.entries()) {
    // The table's last rule already stands above a first row.
    if (row.strong && i > 0) {
      doc
        .moveTo(x, y - 3)
        .lineTo(page.right, y - 3)
        .lineWidth(0.75)
        .strokeColor(colours.ink);
      doc.stroke();
      y += 2;
    }
    doc
      .font(row.strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(row.strong ? 10.5 : 9.5)
      .fillColor(row.strong ? colours.ink : colours.muted)
      .text(row.label, x, y, { width: labelWidth });
    doc.fillColor(colours.ink).text(row.value, columns.amount.x - 20, y, {
      width: columns.amount.width + 20,
      align: 'right',
    });
    y += row.strong ? 20 : 16;
  }
  doc.x = page.left;
  doc.y = y + 10;
}

function drawPayments(doc: PDFKit.PDFDocument, payments: DocumentPayment[]) {
  const cols = [
    { label: 'Date', x: page.left + 8, width: 95, align: 'left' as const },
    { label: 'Method', x: 155, width: 140, align: 'left' as const },
    { label: 'Reference', x: 300, width: 150, align: 'left' as const },
    { label: 'Amount', x: columns.amount.x, width: columns.amount.width, align: 'right' as const },
  ];
  ensureRoom(doc, 20 + payments.length * 16);
  const top = doc.y;
  doc.rect(page.left, top, page.width, 18).fill(colours.band);
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(colours.muted);
  for (const c of cols) doc.text(c.label, c.x, top + 5, { width: c.width, align: c.align });
  let y = top + 23;
  doc.font('Helvetica').fontSize(9.5).fillColor(colours.ink);
  for (const payment of payments) {
    ensureRoom(doc, 16);
    const values = [
      formatDate(payment.paidAt),
      payment.method,
      payment.reference ?? '',
      formatZAR(payment.amountCents),
    ];
    cols.forEach((c, i) =>
      doc.text(values[i]!, c.x, y, { width: c.width, align: c.align, lineBreak: false }),
    );
    y += 16;
  }
  doc.x = page.left;
  doc.y = y + 4;
}

/** The one layout of our money documents: letterhead, title, parties, lines, totals, notes. */
export async function renderDocument(layout: DocumentLayout): Promise<Buffer> {
  const vatRegistered = Boolean(layout.company.vatNumber);
  const number = layout.facts[0]![1];
  const { doc, finish } = await companyPdf(layout.company, {
    title: `${layout.title} ${number}`,
  });
  drawLetterhead(doc, layout.company);

  const titleTop = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(24)
    .fillColor(colours.ink)
    .text(layout.title, page.left, titleTop, { width: 300 });
  if (layout.note) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(colours.muted)
      .text(layout.note, page.left, doc.y + 2, { width: 300 });
  }
  if (layout.stamp) drawStamp(doc, layout.stamp, titleTop - 4);
  const partiesTop = Math.max(doc.y, titleTop + (layout.stamp ? 44 : 0)) + 18;
  const customerBottom = drawParty(doc, layout.customerHeading ?? 'Bill to', layout.customer, {
    x: page.left,
    y: partiesTop,
    width: 250,
    vatRegistered,
  });
  const factsBottom = drawFacts(doc, layout.facts, {
    x: 325,
    y: partiesTop,
    width: page.right - 325,
    labelWidth: 100,
  });
  doc.x = page.left;
  doc.y = Math.max(customerBottom, factsBottom) + 22;

  drawLinesTable(doc, layout.lines, vatWording(vatRegistered).incl);
  drawTotals(doc, layout);

  for (const section of layout.sections) {
    ensureRoom(doc, 60);
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .fillColor(colours.muted)
      .text(section.heading.toUpperCase(), page.left, doc.y, { characterSpacing: 0.6 });
    doc.moveDown(0.4).font('Helvetica').fontSize(9.5).fillColor(colours.ink);
    for (const line of section.text) {
      doc.text(line, page.left, doc.y, { width: page.width, lineGap: 2 });
    }
    if (section.payments) {
      doc.moveDown(0.5);
      drawPayments(doc, section.payments);
    } else if (section.fallback) {
      doc.text(section.fallback, page.left, doc.y, { width: page.width });
    }
    doc.moveDown(1.2);
  }
  return finish();
}
