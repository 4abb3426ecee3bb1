import { strFromU8, unzipSync } from 'fflate';

/**
 * A Word file as Word reads it: the paragraphs of word/document.xml with their style (Heading1,
 * Title…) and their text (every run joined, entities decoded, runs of white space such as no-break
 * spaces as one space), and how many tables and landscape sections it holds.
 */
export function docxContent(docx: Buffer): {
  paragraphs: { style: string | null; text: string }[];
  tables: number;
  landscapeSections: number;
} {
  const files = unzipSync(new Uint8Array(docx));
  const xml = strFromU8(files['word/document.xml']!);
  const decode = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => ({
    style: /<w:pStyle w:val="([^"]+)"/.exec(p)?.[1] ?? null,
    text: decode(
      [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
    ).replace(/\s+/g, ' '),
  }));
  return {
    paragraphs,
    tables: (xml.match(/<w:tbl>/g) ?? []).length,
    landscapeSections: (xml.match(/w:orient="landscape"/g) ?? []).length,
  };
}
