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

const compactZarFormatter = new Intl.NumberFormat('en-ZA', {
  style: 'currency',
  currency: 'ZAR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** A short en-ZA amount where space is scarce, e.g. a chart's axis: "R 500", "R 1,5K", "R 2M". */
export function formatZARCompact(cents: number): string {
  assertCents(cents);
  return compactZarFormatter.format(cents / 100);
}

const usdFormatter = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'USD' });

/**
 * An amount in its currency (SPEC §3: ZAR shows R, anything else $): rand as `formatZAR`, dollars
 * (a registrar's cost) as "US$ 12,99" in the same en-ZA voice.
 */
export function formatPrice(amount: number, currency: string): string {
  const cents = randToCents(amount);
  return currency === 'ZAR' ? formatZAR(cents) : usdFormatter.format(cents / 100);
}

/**
 * An amount for machines, not people: "1234.50" (a point, no grouping, a minus sign), as a CSV
 * cell, a registrar's quote or a form field's value that is read back with `Number`. People see
 * `formatZAR`.
 */
export function centsToDecimalString(cents: number): string {
  assertCents(cents);
  const whole = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** A rand amount as the API gives it (e.g. 1234.5) in the form of `centsToDecimalString`. */
export const randToDecimalString = (rand: number): string =>
  centsToDecimalString(randToCents(rand));

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
