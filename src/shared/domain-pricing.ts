import { addVat, vatFromInclusive } from './money.ts';

/**
 * Domain prices (SPEC §3, §9): the markup (20%, 0% for premium names) is earned on the registrar
 * cost excluding VAT; VAT is added on top when the supplier is VAT-registered, so the margin
 * excluding VAT is the whole markup.
 */
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

/** One year of a domain in rand cents: what it costs us and what the customer pays. */
export interface DomainYearPrice {
  /** The registrar's cost excluding VAT. */
  costCents: number;
  /** SPEC §3 `originalPrice`: the cost with VAT where we charge VAT. */
  originalCents: number;
  /** SPEC §3 `price`: `originalCents` with the markup, VAT included. */
  priceCents: number;
}

export function domainYearPrice(
  costZarCents: number,
  options: { premium: boolean; vatRegistered: boolean },
): DomainYearPrice {
  const originalCents = options.vatRegistered ? addVat(costZarCents) : costZarCents;
  return {
    costCents: costZarCents,
    originalCents,
    priceCents: customerPriceCents(originalCents, options.premium),
  };
}

/** PayFast's card fee on a payment of `grossCents`, VAT included: 3.2% + R2.00, plus VAT. */
export function cardFeeCents(grossCents: number): number {
  return Math.round(((grossCents * 32) / 1000 + 200) * 1.15);
}

/**
 * What one year sold at `year.priceCents` leaves us: the price excluding the VAT we charge, less
 * the registrar's cost and PayFast's fee (less its VAT, which a VAT vendor claims back).
 * Negative means the sale loses money.
 */
export function yearMarginCents(year: DomainYearPrice, vatRegistered: boolean): number {
  return marginCents(year.priceCents, year.costCents, vatRegistered);
}

/** What selling at `priceCents` something that costs us `costCents` (excluding VAT) leaves us. */
function marginCents(priceCents: number, costCents: number, vatRegistered: boolean): number {
  const exVat = (cents: number) => (vatRegistered ? cents - vatFromInclusive(cents) : cents);
  return exVat(priceCents) - costCents - exVat(cardFeeCents(priceCents));
}

/**
 * The no-loss price of a domain line whose registrar cost (all its years, excluding VAT) is
 * `costCents`: the least it can sell for, VAT included, and still pay the registrar, the VAT we
 * charge and PayFast's fee. A coupon never takes a domain below it (issue 29 §3).
 */
export function noLossPriceCents(costCents: number, vatRegistered: boolean): number {
  // Without rounding the margin is 0.8376 × price − R2.00 − cost for a VAT vendor (the price
  // less its VAT, less the fee of 3.2% + R2.00 less its VAT) and 0.9632 × price − R2.30 − cost
  // otherwise: start a few cents under where that is zero, and step up to the first cent that
  // loses nothing once the cents are rounded.
  const estimate = vatRegistered
    ? ((costCents + 200) * 115) / (100 - 3.2 * 1.15)
    : (costCents + 230) / (1 - 0.032 * 1.15);
  let price = Math.max(0, Math.floor(estimate) - 5);
  while (marginCents(price, costCents, vatRegistered) < 0) price += 1;
  return price;
}
