import { formatZAR } from '#shared/money.ts';
import type { RevenueFigures } from '#shared/reports.schemas.ts';
import { numberCell, type DataColumn } from '../../../components/data-table.tsx';
import { cn } from '../../../lib/cn.ts';
import { site, vat } from '../../../lib/site.ts';

/** The column headings of revenue figures; the VAT-exclusive one only for a VAT vendor. */
export const revenueColumns: DataColumn[] = [
  { label: 'Invoices', align: 'right' },
  { label: 'Sales', align: 'right' },
  { label: 'Credit notes', align: 'right' },
  { label: 'Revenue', align: 'right' },
  ...(site.vatRegistered ? [{ label: `Revenue${vat.excl}`, align: 'right' as const }] : []),
];

/** One row's revenue figures under `revenueColumns`; `strong` for a total. */
export function RevenueCells({ figures, strong }: { figures: RevenueFigures; strong?: boolean }) {
  const weight = strong && 'font-semibold';
  return (
    <>
      <td className={cn(numberCell, weight)}>{figures.invoices}</td>
      <td className={cn(numberCell, weight)}>{formatZAR(figures.salesCents)}</td>
      <td className={cn(numberCell, weight)}>{formatZAR(figures.refundsCents)}</td>
      <td className={cn(numberCell, 'font-semibold')}>{formatZAR(figures.revenueCents)}</td>
      {site.vatRegistered && (
        <td className={cn(numberCell, weight)}>{formatZAR(figures.revenueExVatCents)}</td>
      )}
    </>
  );
}
