/**
 * A text cell for a spreadsheet: quoted when it holds a comma, quote or line break, and kept
 * from being read as a formula (a customer named "=HYPERLINK(…)" stays text).
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows (cells already written out) as CSV with CRLF line ends, as spreadsheets expect. */
export const csvLines = (rows: string[][]): string =>
  `${rows.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
