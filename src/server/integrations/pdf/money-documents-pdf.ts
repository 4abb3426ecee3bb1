import { newPdf } from './new-pdf.ts';
import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';

export interface InvoiceDocument {
  number: number;
  issuedAt: Date;
  orderReference: string;
  supplier: Record<string, string>;
  recipient: Record<string, string>;
  lines: { title: string; quantity: number; unitCents: number; totalCents: number }[];
  totalCents: number;
  vatCents: number;
  /** How it was paid, as the payment method names itself ("Card (PayFast)"). */
  paidWith: string;
}

export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/**
 * The invoice as a PDF. With a supplier VAT number it is a "Tax Invoice" with the VAT line South
 * African rules ask for; without one it is an "Invoice" with no VAT line.
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const taxInvoice = Boolean(invoice.supplier.vatNumber);
  return renderDocument({
    title: taxInvoice ? 'Tax Invoice' : 'Invoice',
    number: invoiceNumber(invoice.number),
    details: [`Date: ${formatDate(invoice.issuedAt)}`, `Order: ${invoice.orderReference}`],
    supplier: invoice.supplier,
    recipient: invoice.recipient,
    lines: invoice.lines,
    totalCents: invoice.totalCents,
    vatCents: taxInvoice ? invoice.vatCents : null,
    closing: `Paid: ${invoice.paidWith}.`,
  });
}

/**
 * A pro-forma invoice: what an order costs and how to pay it by bank transfer. It says it is no
 * tax invoice (that follows when the order is paid in full) and carries no invoice number.
 */
export function renderProFormaPdf(document: {
  orderReference: string;
  issuedAt: Date;
  supplier: Record<string, string>;
  recipient: Record<string, string>;
  lines: InvoiceDocument['lines'];
  totalCents: number;
  vatCents: number;
  /** What is still due, the account and the reference, as lines. */
  payment: string[];
  payBy: Date;
  test: boolean;
}): Promise<Buffer> {
  const vat = Boolean(document.supplier.vatNumber);
  return renderDocument({
    title: 'Pro-forma Invoice',
    number: document.orderReference,
    details: [
      `Date: ${formatDate(document.issuedAt)}`,
      `Order: ${document.orderReference}`,
      `Pay by: ${formatDate(document.payBy)}`,
      `This is not a ${vat ? 'tax invoice' : 'invoice'}: it is issued when the order is paid in full.`,
    ],
    supplier: document.supplier,
    recipient: document.recipient,
    lines: document.lines,
    totalCents: document.totalCents,
    vatCents: vat ? document.vatCents : null,
    closing: [
      'Pay by EFT into:',
      ...document.payment,
      ...(document.test
        ? ['TEST DETAILS: this site takes test payments only; no real money can be paid in.']
        : []),
    ].join('\n'),
  });
}

export interface CreditNoteDocument {
  number: number;
  issuedAt: Date;
  invoiceNumber: number;
  orderReference: string;
  supplier: Record<string, string>;
  recipient: Record<string, string>;
  reason: string;
  totalCents: number;
  vatCents: number;
  /** How the money went back, as the refund recorded it ("Refunded by PayFast to the card"). */
  refundedHow: string;
}

export const creditNoteNumber = (n: number) => `CN-${String(n).padStart(6, '0')}`;

/**
 * A credit note (VAT Act s21): the words "Credit Note", its own number, date, supplier and
 * recipient as on the invoice, the invoice it corrects, the reason, the amount and its VAT.
 */
export function renderCreditNotePdf(note: CreditNoteDocument): Promise<Buffer> {
  const vat = Boolean(note.supplier.vatNumber);
  return renderDocument({
    title: 'Credit Note',
    number: creditNoteNumber(note.number),
    details: [
      `Date: ${formatDate(note.issuedAt)}`,
      `Original ${vat ? 'tax invoice' : 'invoice'}: ${invoiceNumber(note.invoiceNumber)}`,
      `Order: ${note.orderReference}`,
      `Reason: ${note.reason}`,
    ],
    supplier: note.supplier,
    recipient: note.recipient,
    lines: [
      {
        title: `Refund on ${invoiceNumber(note.invoiceNumber)}`,
        quantity: 1,
        unitCents: note.totalCents,
        totalCents: note.totalCents,
      },
    ],
    totalCents: note.totalCents,
    vatCents: vat ? note.vatCents : null,
    closing: `${note.refundedHow}.`,
  });
}

/** The one layout of our money documents: heading, parties, lines, totals (VAT when charged). */
async function renderDocument(document: {
  title: string;
  number: string;
  details: string[];
  supplier: Record<string, string>;
  recipient: Record<string, string>;
  lines: InvoiceDocument['lines'];
  totalCents: number;
  vatCents: number | null;
  closing: string;
}): Promise<Buffer> {
  const { doc, done } = await newPdf({
    size: 'A4',
    margin: 50,
    info: { Title: `${document.title} ${document.number}` },
  });

  doc.fontSize(22).font('Helvetica-Bold').text(document.title);
  doc.moveDown(0.5).fontSize(10).font('Helvetica');
  doc.text(`Number: ${document.number}`);
  for (const line of document.details) doc.text(line);

  doc.moveDown().font('Helvetica-Bold').text('From');
  doc.font('Helvetica').text(document.supplier.name ?? '');
  doc.text(document.supplier.address ?? '');
  if (document.supplier.registrationNumber)
    doc.text(`Registration number: ${document.supplier.registrationNumber}`);
  if (document.supplier.vatNumber) doc.text(`VAT number: ${document.supplier.vatNumber}`);

  doc.moveDown().font('Helvetica-Bold').text('To');
  doc.font('Helvetica').text(document.recipient.name ?? '');
  if (document.recipient.email) doc.text(document.recipient.email);
  if (document.recipient.address) doc.text(document.recipient.address);
  if (document.recipient.vatNumber) doc.text(`VAT number: ${document.recipient.vatNumber}`);

  doc.moveDown().font('Helvetica-Bold');
  const top = doc.y;
  // A VAT vendor's prices include VAT; the columns say so (the split follows the lines).
  const incl = document.vatCents !== null ? ' incl. VAT' : '';
  doc
    .text('Description', 50, top)
    .text('Qty', 330, top)
    .text(`Unit${incl}`, 380, top, { width: 85 })
    .text(`Amount${incl}`, 470, top, { width: 95 });
  doc.font('Helvetica');
  for (const line of document.lines) {
    const y = doc.y + 4;
    doc.text(line.title, 50, y, { width: 270 });
    const bottom = doc.y;
    doc
      .text(String(line.quantity), 330, y)
      .text(formatZAR(line.unitCents), 380, y)
      .text(formatZAR(line.totalCents), 470, y);
    doc.y = Math.max(bottom, doc.y);
  }
  doc.moveDown();
  doc.x = 50;
  if (document.vatCents !== null) {
    doc.text(`Total excluding VAT: ${formatZAR(document.totalCents - document.vatCents)}`, {
      align: 'right',
    });
    doc.text(`VAT at 15%: ${formatZAR(document.vatCents)}`, { align: 'right' });
  }
  doc.font('Helvetica-Bold').text(`Total: ${formatZAR(document.totalCents)}`, { align: 'right' });
  doc.font('Helvetica').moveDown().text(document.closing, { align: 'left' });
  doc.end();
  return done;
}
