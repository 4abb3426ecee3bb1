export const SA_TIME_ZONE = 'Africa/Johannesburg';

const longDate = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: SA_TIME_ZONE,
});

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

/** en-ZA long date in South African time, e.g. "22 November 2026" (SPEC §9). */
export function formatDate(value: Date | string | number): string {
  return longDate.format(toDate(value));
}

const dateTimeParts = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: SA_TIME_ZONE,
} as const;
const dateTime = new Intl.DateTimeFormat('en-ZA', dateTimeParts);
const dateTimeSeconds = new Intl.DateTimeFormat('en-ZA', { ...dateTimeParts, second: '2-digit' });

/**
 * en-ZA date and 24-hour time in South African time, e.g. "22 November 2026 at 14:05"; with
 * `seconds` (logs, diagnostics) "22 November 2026 at 14:05:09".
 */
export function formatDateTime(
  value: Date | string | number,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  return (seconds ? dateTimeSeconds : dateTime).format(toDate(value));
}

/** Today's date in South Africa, YYYY-MM-DD. */
export const saToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SA_TIME_ZONE }).format(now);

/**
 * The same day a month after `date` (YYYY-MM-DD), or the month's last day when it has no such
 * day: 31 January → 28 (29) February, as a monthly charge on the 31st falls in a short month.
 */
export const nextMonth = (date: string): string => addMonths(date, 1);

/**
 * The same day `months` months after `date` (YYYY-MM-DD; negative goes back), or that month's
 * last day when it has no such day: 29 February 2024 plus 12 months is 28 February 2025.
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month + months, 0)).getUTCDate();
  const next = new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay)));
  return next.toISOString().slice(0, 10);
}
