import { describe, expect, it } from 'vitest';
import {
  addVat,
  centsToRand,
  centsToDecimalString,
  formatPrice,
  formatRand,
  formatZAR,
  formatZARCompact,
  randToCents,
  randToDecimalString,
  vatFromInclusive,
} from './money.ts';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('money', () => {
  it('converts rands to cents without binary float error', () => {
    expect(randToCents(1234.5)).toBe(123450);
    expect(randToCents(1.005)).toBe(101);
    expect(randToCents(0.1 + 0.2)).toBe(30);
    expect(randToCents(-19.99)).toBe(-1999);
    expect(() => randToCents(Number.NaN)).toThrow(RangeError);
  });

  it('converts cents to rands', () => {
    expect(centsToRand(123450)).toBe(1234.5);
    expect(centsToRand(1)).toBe(0.01);
    expect(() => centsToRand(1.5)).toThrow(RangeError);
  });

  it('gives the cart summary SPEC §2 asks for, the R prefix and two decimals, in the one voice', () => {
    for (const rand of [1234.5, 0, 99.999, 41_996]) {
      expect(formatRand(rand)).toMatch(/^R\u00a0\d{1,3}(\u00a0\d{3})*,\d\d$/);
    }
    expect(nbsp(formatRand(99.999))).toBe('R 100,00');
  });

  it('writes amounts for machines (CSV, wire, form values) with a point and no grouping', () => {
    expect(centsToDecimalString(123450)).toBe('1234.50');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(0)).toBe('0.00');
    expect(centsToDecimalString(-1999)).toBe('-19.99');
    expect(centsToDecimalString(100_000_000_00)).toBe('100000000.00');
    expect(randToDecimalString(1.005)).toBe('1.01');
    expect(Number(randToDecimalString(2613))).toBe(2613);
    expect(() => centsToDecimalString(1.5)).toThrow(RangeError);
  });

  it('formats full en-ZA currency with no-break spaces and a decimal comma', () => {
    expect(nbsp(formatZAR(123450))).toBe('R 1 234,50');
    expect(nbsp(formatZAR(5))).toBe('R 0,05');
    expect(formatZAR(123450)).toContain('\u00a0');
  });

  it('formats a rand amount from the API the same way, to the cent', () => {
    expect(nbsp(formatRand(1234.5))).toBe('R 1 234,50');
    expect(formatRand(1.005)).toBe(formatZAR(101));
    expect(nbsp(formatRand(-500))).toBe('-R 500,00');
  });

  it('splits and adds VAT at 15% in whole cents', () => {
    expect(vatFromInclusive(11500)).toBe(1500);
    expect(vatFromInclusive(249900)).toBe(32596);
    expect(addVat(10000)).toBe(11500);
    expect(addVat(1)).toBe(1);
  });
});

describe('formatZARCompact', () => {
  it('shortens thousands and millions in the en-ZA voice, for a chart’s axis', () => {
    expect(nbsp(formatZARCompact(0))).toBe('R 0');
    expect(nbsp(formatZARCompact(50_000))).toBe('R 500');
    expect(nbsp(formatZARCompact(150_000))).toBe('R 1,5K');
    expect(nbsp(formatZARCompact(1_200_000))).toBe('R 12K');
    expect(nbsp(formatZARCompact(250_000_000))).toBe('R 2,5M');
    expect(nbsp(formatZARCompact(-300_000))).toBe('-R 3K');
    expect(() => formatZARCompact(0.5)).toThrow(RangeError);
  });
});

describe('formatPrice', () => {
  it('writes rand as the en-ZA formatter does and dollars in the same voice (SPEC §3)', () => {
    expect(formatPrice(114, 'ZAR')).toBe(formatZAR(11_400));
    expect(formatPrice(1234.5, 'ZAR').replace(/\s/g, ' ')).toBe('R 1 234,50');
    expect(formatPrice(12.99, 'USD')).toBe('US$12,99');
  });
});
