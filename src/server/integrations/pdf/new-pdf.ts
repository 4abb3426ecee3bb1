/**
 * A PDF being written, and its bytes once ended. pdfkit and its fonts (about 30 MB) load with the
 * first PDF a process makes, not at start: most processes never make one.
 */
export async function newPdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  return { doc, done };
}
