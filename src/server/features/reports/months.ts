// South Africa keeps +02:00 all year, so a South African day starts at this offset.
export const saMidnight = (day: string) => new Date(`${day}T00:00:00+02:00`);

/** The instant a South African month (YYYY-MM) starts. */
export const monthStart = (month: string) => saMidnight(`${month}-01`);

/** The month `count` months after `month` (YYYY-MM; a negative count goes back). */
export function monthAfter(month: string, count = 1): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1 + count, 1)).toISOString().slice(0, 7);
}
