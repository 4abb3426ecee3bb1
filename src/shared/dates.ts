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
