import { extractText, getDocumentProxy } from 'unpdf';

/** The text of every page of a PDF, as a reader (or a bank's scanner) would get it. */
export async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\u00a0/g, ' ') };
}
