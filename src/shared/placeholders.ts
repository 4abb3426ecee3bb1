// `{placeholders}` in text the team writes (canned replies, mail templates): checked against the
// names a text may use when it is saved, so a typo is caught then rather than sent to a customer
// as "{custmer_name}", and filled in one pass.

const placeholderPattern = /\{(\w+)\}/g;

/** The placeholders `text` uses, each once, in the order they appear. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(placeholderPattern)].map((match) => match[1]!))];
}

/** The placeholders in `text` that are not among `allowed`, each once, in order. */
export function unknownPlaceholders(text: string, allowed: readonly string[]): string[] {
  return placeholdersIn(text).filter((name) => !allowed.includes(name));
}

/** "a, b or c": a list of names as a sentence says it. */
export function namesInWords(names: readonly string[], conjunction: 'or' | 'and'): string {
  return names.length > 1
    ? `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1)}`
    : (names[0] ?? '');
}

export function unknownPlaceholderMessage(unknown: string[], allowed: readonly string[]): string {
  const named = unknown.map((name) => `{${name}}`);
  const subject =
    named.length === 1
      ? `Unknown placeholder ${named[0]}`
      : `Unknown placeholders ${namesInWords(named, 'and')}`;
  return `${subject}: use ${namesInWords(
    allowed.map((name) => `{${name}}`),
    'or',
  )}`;
}

/**
 * `text` with each known placeholder replaced by its value, in one pass (a value that itself
 * contains "{…}", such as a ticket subject, is left as written).
 */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(placeholderPattern, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
}
