import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import { colours, type Company, type CustomerDetails } from './letterhead.ts';
import { renderDocument, type DocumentLine, type DocumentPayment } from './document-layout.ts';

export type { DocumentPayment } from './document-layout.ts';

export interface InvoiceDocument {
  number: number;
  issuedAt: Date;
  orderReference: string;
  company: Company;
  customer: CustomerDetails;
  lines: DocumentLine[];
  totalCents: number;
  vatCents: number;
  /** How it was paid, as stored with the invoice: said when no payment rows are known. */
  paidWith: string;
  payments: DocumentPayment[];
}

export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/**
 * The invoice of a paid order. A vendor's is a "Tax Invoice" with the VAT split South African
 * rules ask for; otherwise an "Invoice" that says nothing of VAT. It is issued once the order is
 * paid in full, so it carries the PAID mark and what paid it: date, method and reference.
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const wording = vatWording(Boolean(invoice.company.vatNumber));
  const paidCents = invoice.payments.reduce((sum, p) => sum + p.amountCents, 0);
  return renderDocument({
    company: invoice.company,
    title: wording.invoiceTitle,
    stamp: { text: 'PAID', detail: formatDate(invoice.issuedAt), colour: colours.paid },
    facts: [
      ['Invoice number', invoiceNumber(invoice.number)],
      ['Date', formatDate(invoice.issuedAt)],
      ['Order', invoice.orderReference],
    ],
    customer: invoice.customer,
    lines: invoice.lines,
    totalCents: invoice.totalCents,
    vatCents: invoice.vatCents,
    settlement: [
      ['Amount paid', formatZAR(Math.max(paidCents, invoice.totalCents))],
      ['Balance due', formatZAR(0)],
    ],
    sections: [
      {
        heading: 'Payment',
        text: [`Paid in full on ${formatDate(invoice.issuedAt)}.`],
        payments: invoice.payments.length > 0 ? invoice.payments : null,
        fallback: `Paid with ${invoice.paidWith}.`,
      },
    ],
  });
}

/**
 * A pro-forma invoice: what an order costs, what has arrived, what is still due and how to pay
 * it by bank transfer. It says it is no (tax) invoice and carries no invoice number.
 */
export function renderProFormaPdf(document: {
  orderReference: string;
  issuedAt: Date;
  company: Company;
  customer: CustomerDetails;
  lines: DocumentLine[];
  totalCents: number;
  vatCents: number;
  receivedCents: number;
  /** The account and the reference, as lines. */
  payment: string[];
  payBy: Date;
  test: boolean;
}): Promise<Buffer> {
  const wording = vatWording(Boolean(document.company.vatNumber));
  const dueCents = Math.max(0, document.totalCents - document.receivedCents);
  return renderDocument({
    company: document.company,
    title: 'Pro-forma Invoice',
    stamp: { text: 'DUE', detail: formatZAR(dueCents), colour: colours.brand },
    facts: [
      ['Order', document.orderReference],
      ['Date', formatDate(document.issuedAt)],
      ['Pay by', formatDate(document.payBy)],
    ],
    note: `This is not ${wording.anInvoice}: it is issued when the order is paid in full.`,
    customer: document.customer,
    lines: document.lines,
    totalCents: document.totalCents,
    vatCents: document.vatCents,
    settlement: [
      ...(document.receivedCents > 0
        ? [['Received so far', formatZAR(document.receivedCents)] as [string, string]]
        : []),
      ['Balance due', formatZAR(dueCents)],
    ],
    sections: [
      {
        heading: 'How to pay',
        text: [
          `Please pay ${formatZAR(dueCents)} by ${formatDate(document.payBy)} by EFT into:`,
          ...document.payment,
          ...(document.test
            ? ['TEST DETAILS: this site takes test payments only; no real money can be paid in.']
            : []),
        ],
      },
    ],
  });
}

export interface CreditNoteDocument {
  number: number;
  issuedAt: Date;
  invoiceNumber: number;
  orderReference: string;
  company: Company;
  customer: CustomerDetails;
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
  const wording = vatWording(Boolean(note.company.vatNumber));
  const original = invoiceNumber(note.invoiceNumber);
  return renderDocument({
    company: note.company,
    title: 'Credit Note',
    facts: [
      ['Credit note number', creditNoteNumber(note.number)],
      ['Date', formatDate(note.issuedAt)],
      [`Original ${wording.invoiceNoun}`, original],
      ['Order', note.orderReference],
    ],
    customerHeading: 'Credit to',
    customer: note.customer,
    lines: [
      {
        title: `Refund on ${original}`,
        quantity: 1,
        unitCents: note.totalCents,
        totalCents: note.totalCents,
      },
    ],
    totalCents: note.totalCents,
    totalLabel: 'Total credited',
    vatCents: note.vatCents,
    sections: [
      { heading: 'Reason', text: [note.reason] },
      { heading: 'Refund', text: [`${note.refundedHow}.`] },
    ],
  });
}
