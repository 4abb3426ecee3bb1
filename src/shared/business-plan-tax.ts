/**
 * South African company income tax, one dated table each, so a yearly update is one edit here
 * (and a test that names the new figures).
 */

export const COMPANY_TAX_RATE_PERCENT = 27;

interface Bracket {
  /** Taxable income (cents) above which `ratePercent` applies. */
  fromCents: number;
  /** Tax (cents) on the income up to `fromCents`. */
  baseCents: number;
  ratePercent: number;
}

/**
 * SARS small business corporation rates (Income Tax Act s12E), years of assessment ending on any
 * date between 1 April 2025 and 31 March 2026: 0% up to R95 750; 7% of the amount above R95 750;
 * R18 848 + 21% above R365 000; R57 698 + 27% above R550 000.
 */
export const SMALL_BUSINESS_CORPORATION_TABLE = {
  label:
    'SARS small business corporation rates, years of assessment ending 1 April 2025 – 31 March 2026',
  brackets: [
    { fromCents: 0, baseCents: 0, ratePercent: 0 },
    { fromCents: 9_575_000, baseCents: 0, ratePercent: 7 },
    { fromCents: 36_500_000, baseCents: 1_884_800, ratePercent: 21 },
    { fromCents: 55_000_000, baseCents: 5_769_800, ratePercent: 27 },
  ] satisfies Bracket[],
};

/** Income tax on a year's taxable income (cents, after any assessed loss), rounded to the cent. */
export function companyIncomeTax(taxableCents: number, smallBusinessCorporation: boolean): number {
  if (taxableCents <= 0) return 0;
  if (!smallBusinessCorporation) {
    return Math.round((taxableCents * COMPANY_TAX_RATE_PERCENT) / 100);
  }
  const brackets = SMALL_BUSINESS_CORPORATION_TABLE.brackets;
  const bracket = brackets.findLast((b) => taxableCents > b.fromCents) ?? brackets[0]!;
  return (
    bracket.baseCents + Math.round(((taxableCents - bracket.fromCents) * bracket.ratePercent) / 100)
  );
}
