import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text of every page of a PDF, as a reader (or a bank's scanner) would get it, with runs of
 * white space (line breaks where a cell wraps, no-break spaces) as one space.
 */
export async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}
