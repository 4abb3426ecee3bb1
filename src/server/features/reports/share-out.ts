/**
 * `cents` shared out in proportion to `weights` in whole cents that add up to `cents` exactly:
 * each share rounded down, then the cents left over go one each to the shares that lost the most
 * to rounding (the largest remainder; the earlier on a tie). Weights may be negative; when they
 * add up to nothing the cents are shared out evenly. Worked in BigInt, so that a large amount
 * times a large weight never loses a cent to floating point.
 */
export function shareOut(cents: number, weights: number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  const used = sum === 0 ? weights.map(() => 1) : weights;
  // Over a positive denominator, so that a negative share rounds down too.
  const sign = sum < 0 ? -1n : 1n;
  const denominator = BigInt(sum === 0 ? weights.length : sum) * sign;
  const shares = used.map((weight, index) => {
    const numerator = BigInt(cents) * BigInt(weight) * sign;
    let whole = numerator / denominator;
    if (numerator % denominator !== 0n && numerator < 0n) whole -= 1n;
    return { index, whole, remainder: numerator - whole * denominator };
  });
  let left = BigInt(cents) - shares.reduce((total, share) => total + share.whole, 0n);
  const byRemainder = shares.toSorted((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (left <= 0n) break;
    share.whole += 1n;
    left -= 1n;
  }
  return shares.map((share) => Number(share.whole));
}
