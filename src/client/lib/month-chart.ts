/** Every month from `from` to `to` (YYYY-MM, both included), oldest first; none when reversed. */
export function monthsBetween(from: string, to: string): string[] {
  const [year, month] = from.split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let index = month - 1; ; index += 1) {
    const next = new Date(Date.UTC(year, index, 1)).toISOString().slice(0, 7);
    if (next > to) return months;
    months.push(next);
  }
}

/**
 * Round values for a chart's axis that cover `values` and zero: steps of 1, 2, 2.5 or 5 times a
 * power of ten, about `count` of them, lowest first. With nothing but zeros the axis still runs
 * to 100, so the empty bars stand on a scale.
 */
export function axisTicks(values: number[], count = 4): number[] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values) || (low === 0 ? 100 : 0);
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((s) => s >= rough)!;
  const first = Math.floor(low / step);
  const last = Math.ceil(high / step);
  // In cents, so 0.1 + 0.2 never shows up as an axis label.
  return Array.from(
    { length: last - first + 1 },
    (_, i) => Math.round((first + i) * step * 100) / 100,
  );
}
