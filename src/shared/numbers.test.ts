import { describe, expect, it } from 'vitest';
import { formatZAR } from './money.ts';
import { formatBytes, formatMilliseconds, formatNumber, formatSeconds } from './numbers.ts';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('numbers (en-ZA)', () => {
  it('writes a decimal comma and groups with no-break spaces, as the money formatter does', () => {
    expect(formatNumber(2.14, 1)).toBe('2,1');
    expect(formatNumber(0.0412, 3)).toBe('0,041');
    expect(nbsp(formatNumber(1234.5, 1))).toBe('1 234,5');
    expect(formatNumber(1234)).toContain('\u00a0');
    expect(formatNumber(7)).toBe('7');
    // The same separators as an amount: "1 234,50" after the R.
    expect(formatZAR(123_450).endsWith(formatNumber(1234.5, 2))).toBe(true);
  });

  it('writes seconds to one decimal, milliseconds whole, sizes in MB or KB, unit on the same line', () => {
    expect(nbsp(formatSeconds(2100))).toBe('2,1 s');
    expect(formatSeconds(2100)).toBe('2,1\u00a0s');
    expect(nbsp(formatSeconds(4049))).toBe('4,0 s');
    expect(nbsp(formatSeconds(60_000))).toBe('60,0 s');
    expect(nbsp(formatMilliseconds(309.6))).toBe('310 ms');
    expect(nbsp(formatMilliseconds(1250))).toBe('1 250 ms');
    expect(nbsp(formatBytes(1_800_000))).toBe('1,8 MB');
    expect(nbsp(formatBytes(320_400))).toBe('320 KB');
    expect(nbsp(formatBytes(12))).toBe('1 KB');
  });
});
