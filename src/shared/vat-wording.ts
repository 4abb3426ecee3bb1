import { formatZAR, vatFromInclusive } from './money.ts';

/**
 * How the site speaks of VAT: the one source of every sentence about VAT or a tax invoice. A
 * supplier registered for VAT (SUPPLIER_VAT_NUMBER set) shows prices including 15% VAT, says so
 * and issues tax invoices; one that is not registered must not represent any VAT as charged (VAT
 * Act s20 and s64), so every phrase about it disappears and its documents are plain invoices.
 * Pages, mails, PDFs, the simulator and the back office compose their sentences from these
 * (src/vat-modes.test.ts renders them all in both modes).
 */
export interface VatWording {
  /** " incl. VAT" after an amount, or nothing. */
  incl: string;
  /** "incl. VAT" on its own under a price, or nothing. */
  inclLabel: string;
  /** " excl. VAT" after a back-office figure, or nothing (without VAT there is one basis). */
  excl: string;
  /** ", VAT included" after "Fixed prices in rand", or nothing. */
  included: string;
  /** A sentence on what prices include, for the footer, terms and checkout: always said. */
  pricesNote: string;
  /** The same for an intro that only mentions VAT when it is charged: a sentence or nothing. */
  pricesInclude: string;
  /** "Includes VAT of R 445,04 at 15%." for a VAT-inclusive total, or nothing. */
  vatIn(totalCents: number): string;
  /** The title of the document issued for a payment: "Tax Invoice" or "Invoice". */
  invoiceTitle: string;
  /** The same in a sentence: "tax invoice" or "invoice" ("your tax invoice is e-mailed…"). */
  invoiceNoun: string;
  /** With its article: "a tax invoice" or "an invoice". */
  anInvoice: string;
  /** What the invoice shows of VAT, for the terms and the FAQ: a sentence or nothing. */
  invoiceShowsVat: string;
  /** The FAQ's question and answer on VAT. */
  faq: { question: string; answer: string };
  /** The laws that make us keep invoices (privacy notice): the VAT Act only binds a vendor. */
  recordsLaw: string;
  /** The checkout's and documents' VAT rows: the part without VAT and the VAT, or null. */
  breakdown: { exclusive: string; vat: string } | null;
  /** The label before a party's VAT number on a document, or null: none is printed. */
  vatNumberLabel: string | null;
  /** Under the customer's VAT number field: where it is printed (only a vendor's documents). */
  vatNumberHint: string;
  /** What the VAT return report says when there is nothing to file, or null: a vendor files. */
  noVatReturn: string | null;
}

const registered = {
  incl: ' incl. VAT',
  inclLabel: 'incl. VAT',
  excl: ' excl. VAT',
  included: ', VAT included',
  pricesNote: 'Prices include VAT at 15%.',
  pricesInclude: 'Prices include VAT at 15%.',
  vatIn: (totalCents: number) =>
    `Includes VAT of ${formatZAR(vatFromInclusive(totalCents))} at 15%.`,
  invoiceTitle: 'Tax Invoice',
  invoiceNoun: 'tax invoice',
  anInvoice: 'a tax invoice',
  invoiceShowsVat: 'Your tax invoice shows the VAT amount separately.',
  faq: {
    question: 'Do your prices include VAT?',
    answer:
      'Yes. Every price on the website is in rand and includes VAT at 15%, so the amount you see is the amount you pay.',
  },
  recordsLaw: 'the Tax Administration Act and the VAT Act',
  breakdown: { exclusive: 'Subtotal excl. VAT', vat: 'VAT (15%) included' },
  vatNumberLabel: 'VAT number',
  vatNumberHint: 'If your business is VAT-registered: it goes on your tax invoices.',
  noVatReturn: null,
} satisfies VatWording;

const unregistered = {
  incl: '',
  inclLabel: '',
  excl: '',
  included: '',
  pricesNote: 'We are not registered for VAT, so no VAT is added to our prices.',
  pricesInclude: '',
  vatIn: () => '',
  invoiceTitle: 'Invoice',
  invoiceNoun: 'invoice',
  anInvoice: 'an invoice',
  invoiceShowsVat: '',
  faq: {
    question: 'Do you charge VAT?',
    answer:
      'No. We are not registered for VAT, so no VAT is added: every price on the website is in rand and is the amount you pay.',
  },
  recordsLaw: 'the Tax Administration Act',
  breakdown: null,
  vatNumberLabel: null,
  vatNumberHint: 'Only if your business is VAT-registered. We are not, so our invoices omit it.',
  noVatReturn:
    'We are not registered for VAT, so there is no VAT to return: our invoices charge none.',
} satisfies VatWording;

/** Sentences joined by a space, leaving out the VAT sentences a mode does not have (''). */
export function sentences(...parts: string[]): string {
  return parts.filter(Boolean).join(' ');
}

export function vatWording(vatRegistered: boolean): VatWording {
  return vatRegistered ? registered : unregistered;
}
