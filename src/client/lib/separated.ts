/**
 * Parts of one line of small print joined by "·", e.g. "per month · Live in 5 business days".
 * Empty parts are left out, so a separator never opens or closes the line; the no-break space
 * before each "·" keeps it at the end of the part it follows, so a wrapped line never starts
 * with one.
 */
export function separated(...parts: (string | false | null | undefined)[]): string {
  return parts
    .map((part) => (part || '').trim())
    .filter(Boolean)
    .join('\u00a0· ');
}
