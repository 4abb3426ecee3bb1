/**
 * The bidirectional controls (LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI; LRM, RLM; the Arabic
 * letter mark): in a file name they can make `invoice‮fdp.exe` read as `invoiceexe.pdf`.
 */
const bidiControls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
/** C0 controls and DEL: never part of a name, and never allowed in a header. */
const isControl = (ch: string) => ch < ' ' || ch === '\u007F';

/** A name as shown or offered for download: without bidirectional or other control characters. */
export const safeFileName = (name: string): string =>
  [...name.replace(bidiControls, '')]
    .filter((ch) => !isControl(ch))
    .join('')
    .trim();

/** RFC 8187 `value-chars`: everything but letters, digits and `!#$&+-.^_`|~` percent-encoded. */
const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The `Content-Disposition` of every download: `attachment` with the cleaned name, as plain ASCII
 * (anything else, quotes and backslashes become `_`) and, when that lost something, the exact
 * name as `filename*` in UTF-8.
 */
export function attachmentDisposition(filename: string, fallback = 'download'): string {
  const name = safeFileName(filename) || fallback;
  const ascii = name.replace(/[^\x20-\x7E]|["\\]/g, '_');
  return ascii === name
    ? `attachment; filename="${ascii}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
