export const SA_TIME_ZONE = 'Africa/Johannesburg';

const longDate = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: SA_TIME_ZONE,
});

/** en-ZA long date in South African time, e.g. "22 November 2026" (SPEC §9). */
export function formatDate(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return longDate.format(date);
}
