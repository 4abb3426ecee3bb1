import { FileDown } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/** A report's "Download CSV" button; `of` names the report for screen readers ("aged debtors"). */
export function CsvDownload({ href, of }: { href: string; of: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download>
        <FileDown aria-hidden="true" />
        Download CSV
        <span className="sr-only"> of {of}</span>
      </a>
    </Button>
  );
}
