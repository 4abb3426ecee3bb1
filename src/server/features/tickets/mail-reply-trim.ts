/**
 * The new text of an e-mail answer: what the customer wrote above the quoted conversation and
 * their signature. Mail programs mark both in a few well-known ways; everything from the first
 * such mark on is left out.
 */

/** Lines that start the quoted original or the signature (matched after trimming the end). */
const cutMarks: RegExp[] = [
  // The signature separator of RFC 3676 ("-- "), often sent without its space.
  /^--\s*$/,
  // Outlook: "-----Original Message-----", and its underscore rule.
  /^-{2,}\s*original message\s*-{2,}$/i,
  /^_{10,}$/,
  // Thunderbird and Apple Mail forwards and replies.
  /^-{2,}\s*(forwarded|original) message\s*-{2,}$/i,
  /^begin forwarded message:?$/i,
  // Mobile signatures.
  /^sent from my (iphone|ipad|android|mobile|samsung|galaxy|huawei)/i,
  /^get outlook for (ios|android)/i,
];

/** Gmail, Apple Mail, Thunderbird: "On Mon, 2 Mar 2026 at 10:00, Sebenza <…> wrote:". */
const wroteLine = /^on\b.{0,300}\bwrote:$/i;
/** Outlook's header block of the quoted mail: "From: …" followed by "Sent:"/"Date:"/"To:". */
const outlookHeader = /^\*?from:\*?\s/i;
const outlookNext = /^\*?(sent|date|to|subject):\*?\s/i;

function cutIndex(lines: string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trimEnd();
    const trimmed = line.trim();
    if (cutMarks.some((mark) => mark.test(trimmed))) return i;
    if (wroteLine.test(trimmed)) return i;
    // Gmail wraps a long "On … wrote:" over two lines.
    if (/^on\b/i.test(trimmed) && wroteLine.test(`${trimmed} ${lines[i + 1]?.trim() ?? ''}`)) {
      return i;
    }
    if (outlookHeader.test(trimmed) && lines.slice(i + 1, i + 4).some((l) => outlookNext.test(l))) {
      return i;
    }
  }
  return lines.length;
}

/** The answer's own text, without quoted lines, the quoted original or the signature. */
export function trimReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return lines
    .slice(0, cutIndex(lines))
    .filter((line) => !line.trimStart().startsWith('>'))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
