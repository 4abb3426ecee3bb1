/** Money is integer cents everywhere; rands appear only at the edges (API numbers, display). */

export const VAT_RATE_PERCENT = 15;

const zarFormatter = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' });

/** Rand amount (e.g. 1234.5) to integer cents, rounding half away from zero on the decimal value. */
export function randToCents(rand: number): number {
  if (!Number.isFinite(rand)) throw new RangeError(`Not a finite amount: ${rand}`);
  const text = String(Math.abs(rand));
  // Shifting the decimal point in the string avoids binary float error (1.005 * 100 = 100.49999…).
  const shifted = text.includes('e') ? Math.abs(rand) * 100 : Number(`${text}e2`);
  return Math.sign(rand) * Math.round(shifted);
}

/** Integer cents to a rand number with at most two decimals (API fields SPEC names as numbers). */
export function centsToRand(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** The full en-ZA currency format, e.g. "R 1 234,50" (with no-break spaces). */
export function formatZAR(cents: number): string {
  assertCents(cents);
  return zarFormatter.format(cents / 100);
}

/** A rand amount as the API gives it (e.g. 1234.5) in the format of `formatZAR`: "R 1 234,50". */
export const formatRand = (rand: number): string => formatZAR(randToCents(rand));

const usdFormatter = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'USD' });

/**
 * An amount in its currency (SPEC §3: ZAR shows R, anything else $): rand as `formatZAR`, dollars
 * (a registrar's cost) as "US$ 12,99" in the same en-ZA voice.
 */
export function formatPrice(amount: number, currency: string): string {
  const cents = randToCents(amount);
  return currency === 'ZAR' ? formatZAR(cents) : usdFormatter.format(cents / 100);
}

/** The cart summary format of SPEC §2: "R" + two decimals, e.g. "R1234.50". */
export function formatCartAmount(rand: number): string {
  return `R${(randToCents(rand) / 100).toFixed(2)}`;
}

/** VAT contained in a VAT-inclusive amount, rounded to the cent. */
export function vatFromInclusive(inclusiveCents: number): number {
  assertCents(inclusiveCents);
  return Math.round((inclusiveCents * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}

/** A VAT-exclusive amount with VAT added, rounded to the cent. */
export function addVat(exclusiveCents: number): number {
  assertCents(exclusiveCents);
  return Math.round((exclusiveCents * (100 + VAT_RATE_PERCENT)) / 100);
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
}
