/**
 * Turns what a visitor typed into a registrable domain: trimmed, lower-cased, without scheme,
 * `www.`, port or path; IDNs as punycode; every label checked; the ending one we sell.
 */
export type NormalisedDomain =
  { ok: true; domain: string; name: string; tld: string } | { ok: false; error: string };

const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function normaliseDomain(input: string, supportedTlds: readonly string[]): NormalisedDomain {
  let text = input.trim().toLowerCase();
  if (!text) return { ok: false, error: 'Please enter a domain name' };
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  text = text.split(/[/?#]/, 1)[0]!.replace(/:\d+$/, '').replace(/\.$/, '');
  if (text.startsWith('www.')) text = text.slice(4);
  if (!text || /\s/.test(text)) return { ok: false, error: 'A domain name cannot contain spaces' };
  let ascii: string;
  try {
    // The URL parser applies IDNA: "ndlovu-bäckerei.co.za" becomes "xn--ndlovu-bckerei-…".
    ascii = new URL(`http://${text}`).hostname;
  } catch {
    return { ok: false, error: `"${input.trim()}" is not a valid domain name` };
  }
  if (ascii.length > 253) return { ok: false, error: 'A domain name is at most 253 characters' };
  const labels = ascii.split('.');
  if (labels.length < 2) {
    return { ok: false, error: 'Add an ending to the name, such as .co.za or .com' };
  }
  for (const part of labels) {
    if (!label.test(part)) {
      return {
        ok: false,
        error:
          'Each part of a domain name has 1 to 63 letters, digits or hyphens, and cannot start or end with a hyphen',
      };
    }
  }
  const tld = [...supportedTlds]
    .sort((a, b) => b.length - a.length)
    .find((candidate) => ascii.endsWith(`.${candidate}`));
  if (!tld) {
    return {
      ok: false,
      error: `We do not register .${labels.slice(1).join('.')} names. Try ${supportedTlds
        .slice(0, 4)
        .map((t) => `.${t}`)
        .join(', ')} or another ending from the price list.`,
    };
  }
  const name = ascii.slice(0, -(tld.length + 1));
  if (name.includes('.')) {
    return {
      ok: false,
      error: `Enter the name without a sub-domain, e.g. ${name.split('.').pop()}.${tld}`,
    };
  }
  return { ok: true, domain: ascii, name, tld };
}
