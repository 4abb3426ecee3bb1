import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  businessDayOnOrBefore,
  easterSunday,
  isBusinessDay,
  saPublicHolidays,
} from './business-days.ts';

describe('South African business days', () => {
  it('finds Easter Sunday, from the earliest to the latest it can fall', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2008)).toBe('2008-03-23');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('lists the Act’s twelve holidays, Good Friday and Family Day from Easter', () => {
    expect([...saPublicHolidays(2025)].sort()).toEqual(
      [
        '2025-01-01',
        '2025-03-21',
        '2025-04-18', // Good Friday
        '2025-04-21', // Family Day
        '2025-04-28', // Freedom Day (27 April) on a Sunday
        '2025-04-27',
        '2025-05-01',
        '2025-06-16',
        '2025-08-09',
        '2025-09-24',
        '2025-12-16',
        '2025-12-25',
        '2025-12-26',
      ].sort(),
    );
  });

  it('moves a holiday on a Sunday to the Monday', () => {
    // Women's Day 2026 and Human Rights Day 2027 are Sundays; New Year's Day 2023 too.
    expect(isBusinessDay('2026-08-10')).toBe(false);
    expect(isBusinessDay('2027-03-22')).toBe(false);
    expect(isBusinessDay('2023-01-02')).toBe(false);
    // A holiday on a Saturday moves nowhere: Women's Day 2025.
    expect(isBusinessDay('2025-08-11')).toBe(true);
  });

  it('counts weekdays only, skipping holidays, from the day after the start', () => {
    expect(addBusinessDays('2026-06-04', 0)).toBe('2026-06-04');
    // Thursday → the next Thursday.
    expect(addBusinessDays('2026-06-04', 5)).toBe('2026-06-11');
    // A Saturday start counts from Monday.
    expect(addBusinessDays('2026-06-06', 1)).toBe('2026-06-08');
    // Youth Day (Tuesday 16 June 2026) is skipped.
    expect(addBusinessDays('2026-06-12', 3)).toBe('2026-06-18');
    // Human Rights Day on Sunday 21 March 2027 (off on Monday 22), then Good Friday and Family
    // Day: five business days from Thursday 18 March end on Tuesday 30 March.
    expect(addBusinessDays('2027-03-18', 5)).toBe('2027-03-30');
    expect(() => addBusinessDays('2026-06-04', -1)).toThrow(RangeError);
  });

  it('counts across the year end: Christmas, the Day of Goodwill and New Year', () => {
    expect(addBusinessDays('2026-12-30', 2)).toBe('2027-01-04');
    // Christmas 2022 on a Sunday: its Monday is the Day of Goodwill already; 1 January 2023 on a
    // Sunday makes Monday 2 January a holiday.
    expect(addBusinessDays('2022-12-23', 3)).toBe('2022-12-29');
    expect(addBusinessDays('2022-12-29', 2)).toBe('2023-01-03');
    expect(addBusinessDays('2026-12-23', 5)).toBe('2026-12-31');
  });

  it('moves a day off back to the business day before (SARS payments)', () => {
    expect(businessDayOnOrBefore('2026-11-27')).toBe('2026-11-27');
    // Sunday 28 February 2027 → Friday 26 February; Monday 22 March 2027 (Human Rights Day on
    // the Sunday) → Friday 19 March.
    expect(businessDayOnOrBefore('2027-02-28')).toBe('2027-02-26');
    expect(businessDayOnOrBefore('2027-03-22')).toBe('2027-03-19');
  });
});
