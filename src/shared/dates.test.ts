import { describe, expect, it } from 'vitest';
import { addMonths, formatDate, formatDateTime, nextMonth, saToday } from './dates.ts';

describe('formatDate', () => {
  it('writes en-ZA long dates with the full year and no zero padding', () => {
    expect(formatDate('2026-11-22T10:00:00Z')).toBe('22 November 2026');
    expect(formatDate(new Date('2025-03-05T12:00:00Z'))).toBe('5 March 2025');
  });

  it('uses South African time, not UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Johannesburg (UTC+2).
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('1 January 2027');
  });

  it('refuses a value that is not a date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it('adds the 24-hour time in South African time', () => {
    expect(formatDateTime('2026-11-22T12:05:00Z')).toBe('22 November 2026 at 14:05');
    expect(formatDateTime('2026-12-31T23:30:00Z')).toBe('1 January 2027 at 01:30');
    expect(formatDateTime('2026-11-22T12:05:09Z', { seconds: true })).toBe(
      '22 November 2026 at 14:05:09',
    );
  });
});

describe('billing dates', () => {
  it('moves to the same day next month, or the last day of a shorter month', () => {
    expect(nextMonth('2026-11-25')).toBe('2026-12-25');
    expect(nextMonth('2026-12-15')).toBe('2027-01-15');
    expect(nextMonth('2027-01-31')).toBe('2027-02-28');
    expect(nextMonth('2028-01-30')).toBe('2028-02-29');
    expect(nextMonth('2026-08-31')).toBe('2026-09-30');
    // Any count of months, back too; 29 February lands on the 28th in other years.
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
  });

  it('takes today in South Africa, not in UTC', () => {
    expect(saToday(new Date('2026-11-30T22:30:00Z'))).toBe('2026-12-01');
    expect(saToday(new Date('2026-11-30T21:30:00Z'))).toBe('2026-11-30');
  });
});
