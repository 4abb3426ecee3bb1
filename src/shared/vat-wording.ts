/**
 * How the site speaks of VAT: the one source of every sentence about VAT or a tax invoice. A
 * supplier registered for VAT (SUPPLIER_VAT_NUMBER set) shows prices including 15% VAT, says so
 * and issues tax invoices; one that is not registered must not represent any VAT as charged (VAT
 * Act s20 and s64), so every phrase about it disappears and its documents are plain invoices.
 */
export interface VatWording {
  /** " incl. VAT" after an amount, or nothing. */
  incl: string;
  /** ", VAT included" after "Fixed prices in rand", or nothing. */
  included: string;
  /** A sentence on what prices include, for intros and notes. */
  pricesNote: string;
  /** The title of the document issued for a payment: "Tax Invoice" or "Invoice". */
  invoiceTitle: string;
  /** The same in a sentence: "tax invoice" or "invoice" ("your tax invoice is e-mailed…"). */
  invoiceNoun: string;
  /** With its article: "a tax invoice" or "an invoice". */
  anInvoice: string;
}

export function vatWording(vatRegistered: boolean): VatWording {
  return vatRegistered
    ? {
        incl: ' incl. VAT',
        included: ', VAT included',
        pricesNote: 'Prices include VAT at 15%.',
        invoiceTitle: 'Tax Invoice',
        invoiceNoun: 'tax invoice',
        anInvoice: 'a tax invoice',
      }
    : {
        incl: '',
        included: '',
        pricesNote: 'We are not registered for VAT, so no VAT is added to our prices.',
        invoiceTitle: 'Invoice',
        invoiceNoun: 'invoice',
        anInvoice: 'an invoice',
      };
}
