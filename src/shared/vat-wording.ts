/**
 * How prices speak of VAT. A supplier registered for VAT (SUPPLIER_VAT_NUMBER set) shows prices
 * including 15% VAT and says so; one that is not registered must not represent any VAT as
 * charged (VAT Act s20 and s64), so every phrase about it disappears.
 */
export interface VatWording {
  /** " incl. VAT" after an amount, or nothing. */
  incl: string;
  /** ", VAT included" after "Fixed prices in rand", or nothing. */
  included: string;
  /** A sentence on what prices include, for intros and notes. */
  pricesNote: string;
}

export function vatWording(vatRegistered: boolean): VatWording {
  return vatRegistered
    ? {
        incl: ' incl. VAT',
        included: ', VAT included',
        pricesNote: 'Prices include VAT at 15%.',
      }
    : {
        incl: '',
        included: '',
        pricesNote: 'We are not registered for VAT, so no VAT is added to our prices.',
      };
}
