import { describe, expect, it } from 'vitest';
import { payfastAmount, payfastAmountToCents } from './amounts.ts';

describe('PayFast amounts in exact cents', () => {
  it('reads the decimal text itself, never through a float', () => {
    expect(payfastAmountToCents('10.00')).toBe(1000);
    expect(payfastAmountToCents('-0.23')).toBe(-23);
    expect(payfastAmountToCents('4998.99')).toBe(499_899);
    expect(payfastAmountToCents('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(payfastAmountToCents('5')).toBe(500);
    expect(payfastAmountToCents('5.5')).toBe(550);
    expect(payfastAmountToCents('-0.00')).toBe(0);
    expect(payfastAmountToCents('99999999.99')).toBe(9_999_999_999);
  });

  it('refuses anything that is not a plain amount rather than guess', () => {
    for (const text of ['', ' 10.00', '10.00 ', '1,234.50', '1 234,50', '10.001', '.50', '1e3']) {
      expect(payfastAmountToCents(text), text).toBeNull();
    }
    expect(payfastAmountToCents('R10.00')).toBeNull();
  });

  it('writes cents back in PayFast’s format', () => {
    expect(payfastAmount(499_900)).toBe('4999.00');
    expect(payfastAmount(-23)).toBe('-0.23');
    expect(payfastAmount(5)).toBe('0.05');
    for (const cents of [0, 1, 29, 1000, 123_456_789, -17_797]) {
      expect(payfastAmountToCents(payfastAmount(cents))).toBe(cents);
    }
  });
});
