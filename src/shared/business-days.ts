/**
 * Business days in South Africa: Monday to Friday less the public holidays of the Public Holidays
 * Act (36 of 1994). Dates are calendar days in South Africa, YYYY-MM-DD (`saToday`).
 */

const dayMs = 86_400_000;

const toUtc = (date: string): number => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
};
const fromUtc = (time: number): string => new Date(time).toISOString().slice(0, 10);
const addDays = (date: string, days: number): string => fromUtc(toUtc(date) + days * dayMs);
const weekday = (date: string): number => new Date(toUtc(date)).getUTCDay();

/** Easter Sunday of `year` in the Gregorian calendar (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return fromUtc(Date.UTC(year, month - 1, day));
}

/** The fixed-date holidays of the Act's schedule, MM-DD. */
const fixedHolidays = [
  '01-01', // New Year's Day
  '03-21', // Human Rights Day
  '04-27', // Freedom Day
  '05-01', // Workers' Day
  '06-16', // Youth Day
  '08-09', // National Women's Day
  '09-24', // Heritage Day
  '12-16', // Day of Reconciliation
  '12-25', // Christmas Day
  '12-26', // Day of Goodwill
];

const holidaysByYear = new Map<number, ReadonlySet<string>>();

/**
 * The public holidays of `year`: the fixed ones, Good Friday and Family Day (Easter Monday), and
 * the Monday after any that falls on a Sunday (section 2(1) of the Act).
 */
export function saPublicHolidays(year: number): ReadonlySet<string> {
  const known = holidaysByYear.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const named = [
    ...fixedHolidays.map((monthDay) => `${year}-${monthDay}`),
    addDays(easter, -2),
    addDays(easter, 1),
  ];
  const holidays = new Set(named);
  for (const date of named) if (weekday(date) === 0) holidays.add(addDays(date, 1));
  holidaysByYear.set(year, holidays);
  return holidays;
}

/** Whether people work on `date` (YYYY-MM-DD): a weekday that is not a public holiday. */
export function isBusinessDay(date: string): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && !saPublicHolidays(Number(date.slice(0, 4))).has(date);
}

/**
 * The date `days` business days after `from` (YYYY-MM-DD): "5 business days" from a Thursday
 * ends on the next Thursday, or later when a weekend's neighbour is a holiday. `from` itself is
 * not counted, whatever day it is; 0 days is `from`.
 */
export function addBusinessDays(from: string, days: number): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Not a count of days: ${days}`);
  let date = from;
  for (let left = days; left > 0;) {
    date = addDays(date, 1);
    if (isBusinessDay(date)) left -= 1;
  }
  return date;
}

/**
 * `date` itself when it is a business day, else the last business day before it: SARS moves a
 * payment or return due on a weekend or public holiday to the business day before (see
 * src/shared/compliance-rules.ts).
 */
export function businessDayOnOrBefore(date: string): string {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}
