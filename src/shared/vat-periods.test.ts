import { describe, expect, it } from 'vitest';
import {
  recentVatPeriods,
  vatPeriodDays,
  vatPeriodLabel,
  vatPeriodOf,
  vatPeriodPattern,
} from './vat-periods.ts';

describe('VAT periods (category B)', () => {
  it('pairs the months from January and is due on the 25th after', () => {
    expect(vatPeriodOf('2026-02-28')).toBe('2026-01');
    expect(vatPeriodOf('2026-11-01')).toBe('2026-11');
    expect(vatPeriodOf('2026-12-31')).toBe('2026-11');
    expect(vatPeriodDays('2026-11')).toEqual({
      from: '2026-11-01',
      until: '2027-01-01',
      due: '2027-01-25',
    });
    expect(vatPeriodLabel('2026-11')).toBe('November–December 2026');
    expect(vatPeriodPattern.test('2026-12')).toBe(false);
  });

  it('counts back across a year end in South African time', () => {
    // 22:30 UTC on 31 December is already 1 January in South Africa.
    expect(recentVatPeriods(3, new Date('2026-12-31T22:30:00Z'))).toEqual([
      '2027-01',
      '2026-11',
      '2026-09',
    ]);
  });
});
