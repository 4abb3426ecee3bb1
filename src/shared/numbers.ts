/**
 * Figures other than money (seconds, sizes, scores) in the en-ZA voice of `formatZAR`: a decimal
 * comma and groups of three split by no-break spaces ("1 234,5"), so a page, a mail and a PDF
 * write the same figure the same way.
 */

const formatters = new Map<number, Intl.NumberFormat>();

/** `value` with exactly `decimals` decimals, en-ZA: formatNumber(2.14, 1) is "2,1". */
export function formatNumber(value: number, decimals = 0): string {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-ZA', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(decimals, formatter);
  }
  return formatter.format(value);
}

/** A figure and its unit, kept on one line as the R and its amount are: "310 ms". */
const withUnit = (figure: string, unit: string) => `${figure}\u00a0${unit}`;

/** Milliseconds as seconds to one decimal: "2,1 s". */
export const formatSeconds = (ms: number): string => withUnit(formatNumber(ms / 1000, 1), 's');

/** Whole milliseconds: "310 ms", "1 250 ms". */
export const formatMilliseconds = (ms: number): string =>
  withUnit(formatNumber(Math.round(ms)), 'ms');

/** A size as the web counts it (1 MB = 1 000 000 bytes): "1,8 MB", or at least "1 KB". */
export const formatBytes = (bytes: number): string =>
  bytes >= 1_000_000
    ? withUnit(formatNumber(bytes / 1_000_000, 1), 'MB')
    : withUnit(formatNumber(Math.max(1, Math.round(bytes / 1000))), 'KB');
