import { addVat } from './money.ts';

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
