import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sampleDocuments } from '../tests/helpers/document-samples.ts';

/**
 * Every document the site issues, filled with sample data, for a person to look at:
 *   node scripts/render-documents.ts [--out <folder>]
 * writes each one for a supplier registered for VAT and one that is not (`invoice-vat.pdf`,
 * `invoice-no-vat.pdf` …) to the folder (default ./document-samples), and PNG pages beside
 * them where poppler's pdftoppm is installed.
 */
const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
const out = resolve(values.out ?? 'document-samples');
mkdirSync(out, { recursive: true });

const hasPdftoppm = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

for (const [kind, render] of Object.entries(sampleDocuments)) {
  for (const vatRegistered of [true, false]) {
    const name = `${kind}-${vatRegistered ? 'vat' : 'no-vat'}`;
    const file = join(out, `${name}.pdf`);
    writeFileSync(file, await render(vatRegistered));
    if (hasPdftoppm) execFileSync('pdftoppm', ['-png', '-r', '80', file, join(out, name)]);
    console.log(file);
  }
}
if (!hasPdftoppm) console.log('pdftoppm not found (poppler-utils): PDFs only');
