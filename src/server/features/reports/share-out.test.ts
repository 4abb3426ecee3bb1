import { describe, expect, it } from 'vitest';
import { shareOut } from './share-out.ts';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('shareOut', () => {
  it('shares in proportion, the cents left over to the largest remainders', () => {
    expect(shareOut(1_000, [1, 1, 1])).toEqual([334, 333, 333]);
    // R 15,00 of VAT over lines of R 100,00 and R 15,00: 13,04… and 1,95…
    expect(shareOut(1_500, [10_000, 1_500])).toEqual([1_304, 196]);
    expect(shareOut(0, [5, 7])).toEqual([0, 0]);
  });

  it('always adds up to the amount, whatever the weights', () => {
    for (const [cents, weights] of [
      [99_999, [3, 7, 11, 13]],
      [1, [1, 1, 1, 1]],
      [123_456_789, [987_654_321, 123_456_789, 1]],
      [-1_500, [10_000, 1_500]],
    ] as [number, number[]][]) {
      expect(sum(shareOut(cents, weights))).toBe(cents);
    }
  });

  it('takes a negative weight off the others', () => {
    expect(shareOut(900, [1_000, -100])).toEqual([1_000, -100]);
    expect(sum(shareOut(1_000, [1_000, -333]))).toBe(1_000);
  });

  it('shares evenly when the weights come to nothing', () => {
    expect(shareOut(100, [0, 0])).toEqual([50, 50]);
    expect(shareOut(101, [50, -50])).toEqual([51, 50]);
  });

  it('never loses a cent to floating point on large amounts', () => {
    // The products (about 9 × 10^18) are far past 2^53: exact only in BigInt.
    expect(shareOut(90_071_992, [100_000_000_001, 1])).toEqual([90_071_992, 0]);
    expect(sum(shareOut(90_071_993, [100_000_000_001, 100_000_000_002]))).toBe(90_071_993);
  });
});
