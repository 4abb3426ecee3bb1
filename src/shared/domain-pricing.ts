/** Domain prices (SPEC §3, §9): registrar cost in ZAR plus 20% markup, 0% for premium names. */
export const DOMAIN_MARKUP_PERCENT = 20;

/**
 * Registrar cost in cents of `currency` → rand cents. `usdZarRate` is rands per dollar; it is
 * applied in integer maths on a rate with four decimals, rounded half up to the cent.
 */
export function toZarCents(costCents: number, currency: string, usdZarRate: number): number {
  if (currency === 'ZAR') return costCents;
  if (currency !== 'USD') throw new RangeError(`No exchange rate for ${currency}`);
  const rate = Math.round(usdZarRate * 10_000);
  return Math.floor((costCents * rate + 5_000) / 10_000);
}

export function markupPercent(premium: boolean): number {
  return premium ? 0 : DOMAIN_MARKUP_PERCENT;
}

/** The customer's price per year in rand cents, rounded half up to the cent. */
export function customerPriceCents(registrarZarCents: number, premium: boolean): number {
  return Math.floor((registrarZarCents * (100 + markupPercent(premium)) + 50) / 100);
}
