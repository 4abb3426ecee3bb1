import { FileDown } from 'lucide-react';
import { invoicePdfPath } from '#shared/routes.ts';

/** Downloads an order's invoice PDF; the label names the invoice (e.g. "INV-000042 (PDF)"). */
export function InvoiceLink({ orderReference, label }: { orderReference: string; label: string }) {
  return (
    <a
      href={invoicePdfPath(orderReference)}
      download
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
    >
      <FileDown className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}
