import { saToday } from './dates.ts';

/**
 * Our own VAT periods, SARS category B: two calendar months ending on the last day of February,
 * April, …, December (January–February, March–April, …, November–December), each due by the 25th
 * of the month after it ends. (INTEGRATIONS.md calls these category A; SARS's own page, "Tax
 * periods for VAT vendors", calls them B.) A period is named by its first month, YYYY-MM.
 */
export const vatPeriodPattern = /^\d{4}-(01|03|05|07|09|11)$/;

const month = (year: number, index: number) =>
  new Date(Date.UTC(year, index, 1)).toISOString().slice(0, 7);

/** The period a South African date (YYYY-MM-DD) falls in. */
export function vatPeriodOf(date: string): string {
  const [year, index] = date.split('-').map(Number) as [number, number];
  return month(year, index - 1 - ((index - 1) % 2));
}

/** The period `count` periods before `period` (a negative count goes forward). */
export function vatPeriodBefore(period: string, count: number): string {
  const [year, index] = period.split('-').map(Number) as [number, number];
  return month(year, index - 1 - 2 * count);
}

/** The current period and the `count - 1` before it, newest first, in South African time. */
export function recentVatPeriods(count: number, now = new Date()): string[] {
  const current = vatPeriodOf(saToday(now));
  return Array.from({ length: count }, (_, index) => vatPeriodBefore(current, index));
}

/**
 * The period's first day, the first day after it (YYYY-MM-DD, South African dates) and the day
 * its return is due.
 */
export function vatPeriodDays(period: string): { from: string; until: string; due: string } {
  const next = vatPeriodBefore(period, -1);
  return { from: `${period}-01`, until: `${next}-01`, due: `${next}-25` };
}

const monthName = new Intl.DateTimeFormat('en-ZA', { month: 'long', timeZone: 'UTC' });

/** "November–December 2026"; a period never crosses a year end. */
export function vatPeriodLabel(period: string): string {
  const [year, index] = period.split('-').map(Number) as [number, number];
  const name = (offset: number) =>
    monthName.format(new Date(Date.UTC(year, index - 1 + offset, 1)));
  return `${name(0)}–${name(1)} ${year}`;
}
