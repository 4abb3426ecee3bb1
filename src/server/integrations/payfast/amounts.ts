/** PayFast's amount format: plain 1234.50, never the en-ZA display format. */
export const payfastAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${(Math.abs(cents) / 100).toFixed(2)}`;

const amountPattern = /^(-?)(\d{1,10})(?:\.(\d{1,2}))?$/;

/**
 * An amount PayFast posted ("10.00", "-0.23", "5") in integer cents, read from the decimal text
 * itself — no float, no rounding. Null for anything else (empty, grouping, a comma, more than two
 * decimals, spaces): such a value is refused, never guessed at.
 */
export function payfastAmountToCents(text: string): number | null {
  const match = amountPattern.exec(text);
  if (!match) return null;
  const [, sign, rands, cents = ''] = match;
  const value = Number(rands) * 100 + Number(cents.padEnd(2, '0'));
  return sign && value !== 0 ? -value : value;
}
