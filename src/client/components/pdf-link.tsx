import { FileDown } from 'lucide-react';

/**
 * Downloads one of our documents (an invoice, a credit note, a plan as PDF or Word); the label
 * names it, e.g. "INV-000042 (PDF)".
 */
export function PdfLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
    >
      <FileDown className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}
