import PDFDocument from 'pdfkit';
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
}

export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/**
 * The invoice as a PDF. With a supplier VAT number it is a "Tax Invoice" with the VAT line South
 * African rules ask for; without one it is an "Invoice" with no VAT line.
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const taxInvoice = Boolean(invoice.supplier.vatNumber);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${taxInvoice ? 'Tax Invoice' : 'Invoice'} ${invoiceNumber(invoice.number)}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );

  doc
    .fontSize(22)
    .font('Helvetica-Bold')
    .text(taxInvoice ? 'Tax Invoice' : 'Invoice');
  doc.moveDown(0.5).fontSize(10).font('Helvetica');
  doc.text(`Number: ${invoiceNumber(invoice.number)}`);
  doc.text(`Date: ${formatDate(invoice.issuedAt)}`);
  doc.text(`Order: ${invoice.orderReference}`);

  doc.moveDown().font('Helvetica-Bold').text('From');
  doc.font('Helvetica').text(invoice.supplier.name ?? '');
  doc.text(invoice.supplier.address ?? '');
  if (invoice.supplier.registrationNumber)
    doc.text(`Registration number: ${invoice.supplier.registrationNumber}`);
  if (taxInvoice) doc.text(`VAT number: ${invoice.supplier.vatNumber}`);

  doc.moveDown().font('Helvetica-Bold').text('To');
  doc.font('Helvetica').text(invoice.recipient.name ?? '');
  if (invoice.recipient.email) doc.text(invoice.recipient.email);
  if (invoice.recipient.address) doc.text(invoice.recipient.address);
  if (invoice.recipient.vatNumber) doc.text(`VAT number: ${invoice.recipient.vatNumber}`);

  doc.moveDown().font('Helvetica-Bold');
  const top = doc.y;
  doc
    .text('Description', 50, top)
    .text('Qty', 330, top)
    .text('Unit', 380, top)
    .text('Amount', 470, top);
  doc.font('Helvetica');
  for (const line of invoice.lines) {
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
  if (taxInvoice) {
    doc.text(`Total excluding VAT: ${formatZAR(invoice.totalCents - invoice.vatCents)}`, {
      align: 'right',
    });
    doc.text(`VAT at 15%: ${formatZAR(invoice.vatCents)}`, { align: 'right' });
  }
  doc.font('Helvetica-Bold').text(`Total: ${formatZAR(invoice.totalCents)}`, { align: 'right' });
  doc.font('Helvetica').moveDown().text('Paid by card through PayFast.', { align: 'left' });
  doc.end();
  return done;
}
