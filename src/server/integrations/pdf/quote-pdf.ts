import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { vatWording } from '#shared/vat-wording.ts';
import { renderDocument, type DocumentLine } from './document-layout.ts';
import { colours, type Company, type CustomerDetails } from './letterhead.ts';

export interface QuoteDocument {
  number: string;
  issuedAt: Date;
  validUntil: string;
  company: Company;
  customer: CustomerDetails;
  lines: DocumentLine[];
  totalCents: number;
  vatCents: number;
  /** "50% deposit", or null when the whole is paid on acceptance. */
  depositLabel: string | null;
  depositCents: number;
  terms: string;
  /** Who accepted it and when, once accepted. */
  accepted: { name: string; at: Date } | null;
}

/**
 * A quote: what the work costs, until when it may be accepted, the deposit acceptance asks for
 * and the terms. It is no invoice (a tax invoice follows each payment), and says so.
 */
export function renderQuotePdf(quote: QuoteDocument): Promise<Buffer> {
  const wording = vatWording(Boolean(quote.company.vatNumber));
  return renderDocument({
    company: quote.company,
    title: 'Quote',
    stamp: quote.accepted
      ? { text: 'ACCEPTED', detail: formatDate(quote.accepted.at), colour: colours.paid }
      : { text: 'VALID', detail: `to ${formatDate(quote.validUntil)}`, colour: colours.brand },
    facts: [
      ['Quote number', quote.number],
      ['Date', formatDate(quote.issuedAt)],
      ['Valid until', formatDate(quote.validUntil)],
    ],
    note: `This is not ${wording.anInvoice}: ${wording.anInvoice} follows each payment.`,
    customerHeading: 'Quote for',
    customer: quote.customer,
    lines: quote.lines,
    totalCents: quote.totalCents,
    vatCents: quote.vatCents,
    settlement: quote.depositLabel
      ? [
          [`${quote.depositLabel}, on acceptance`, formatZAR(quote.depositCents)],
          ['Balance, on delivery', formatZAR(quote.totalCents - quote.depositCents)],
        ]
      : [['Payable on acceptance', formatZAR(quote.totalCents)]],
    sections: [
      { heading: 'Terms', text: [quote.terms] },
      {
        heading: 'Acceptance',
        text: [
          quote.accepted
            ? `Accepted online by ${quote.accepted.name} on ${formatDate(quote.accepted.at)}.`
            : `Accept this quote online in your account by ${formatDate(quote.validUntil)}.`,
        ],
      },
    ],
  });
}
