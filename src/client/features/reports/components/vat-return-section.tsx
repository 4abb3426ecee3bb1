import { useState } from 'react';
import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import type { VatReturn } from '#shared/reports.schemas.ts';
import { recentVatPeriods, vatPeriodLabel } from '#shared/vat-periods.ts';
import { DataTable, cell, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import { vat } from '../../../lib/site.ts';
import { useVatReturn, vatReturnCsvUrl } from '../api/get-vat-return.ts';
import { CsvDownload } from './csv-download.tsx';

/** Two years of periods: a return may be corrected for a while after it is filed. */
const periodsOffered = 12;

function Summary({ report }: { report: VatReturn }) {
  const rows: [string, number, boolean?][] = [
    [`Output VAT on ${vat.invoiceNoun}s (${report.invoices.count})`, report.invoices.vatCents],
    // 0 - x rather than -x: no credit notes reads "R 0,00", not "-R 0,00".
    [`Less VAT on credit notes (${report.creditNotes.count})`, 0 - report.creditNotes.vatCents],
    ['Output VAT to declare', report.outputVatCents, true],
  ];
  return (
    <DataTable
      label="VAT to declare"
      caption={`Output VAT for ${report.label}, due by ${formatDate(report.dueOn)}`}
      columns={[{ label: 'Figure' }, { label: 'Amount', align: 'right' }]}
    >
      {rows.map(([label, cents, total]) => (
        <tr key={label}>
          <th scope="row" className={cn(rowHeading, !total && 'font-normal')}>
            {label}
          </th>
          <td className={cn(numberCell, total && 'font-semibold')}>{formatZAR(cents)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function Documents({ report }: { report: VatReturn }) {
  return (
    <DataTable
      label="Documents in the period"
      caption={`The ${vat.invoiceNoun}s and credit notes issued from ${formatDate(report.from)} to ${formatDate(report.to)}, each once`}
      columns={[
        { label: 'Document' },
        { label: 'Issued on' },
        { label: 'Customer' },
        { label: `Total${vat.incl}`, align: 'right' },
        { label: 'VAT', align: 'right' },
      ]}
    >
      {report.documents.map((document) => {
        const sign = document.kind === 'credit_note' ? -1 : 1;
        return (
          <tr key={document.number}>
            <th scope="row" className={cn(rowHeading, 'whitespace-nowrap')}>
              {document.number}
              {document.corrects && (
                <span className="block text-xs font-normal text-muted">
                  Credit note on {document.corrects}
                </span>
              )}
            </th>
            <td className={cn(cell, 'whitespace-nowrap')}>{formatDate(document.issuedOn)}</td>
            <td className={cell}>{document.customer}</td>
            <td className={numberCell}>{formatZAR(sign * document.totalCents)}</td>
            <td className={numberCell}>{formatZAR(sign * document.vatCents)}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** The output side of the VAT201 for a two-month period, from the documents issued in it. */
export function VatReturnSection() {
  const [periods] = useState(() => recentVatPeriods(periodsOffered));
  const [period, setPeriod] = useState(periods[0]!);
  const query = useVatReturn(period);
  return (
    <section aria-labelledby="vat-return-heading" className="grid gap-4">
      <h2 id="vat-return-heading" className="text-xl font-bold text-ink">
        VAT return
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="vat-period">VAT period</Label>
          <Select
            id="vat-period"
            value={period}
            onChange={(event) => setPeriod(event.target.value)}
            className="w-auto"
          >
            {periods.map((p) => (
              <option key={p} value={p}>
                {vatPeriodLabel(p)}
              </option>
            ))}
          </Select>
        </div>
        {!query.data?.noVatReturn && (
          <CsvDownload href={vatReturnCsvUrl(period)} of="the VAT return" />
        )}
      </div>
      <QueryState query={query} label="the VAT return">
        {(report) =>
          report.noVatReturn ? (
            <p className="max-w-prose text-muted">{report.noVatReturn}</p>
          ) : (
            <>
              <p className="max-w-prose text-muted">
                Output VAT from the {vat.invoiceNoun}s and credit notes issued in {report.label}.
                The return is due by {formatDate(report.dueOn)}; input VAT on purchases is not part
                of this report.
              </p>
              <Summary report={report} />
              {report.documents.length === 0 ? (
                <EmptyState title="No documents in this period">
                  Each {vat.invoiceNoun} and credit note issued in {report.label} appears here.
                </EmptyState>
              ) : (
                <Documents report={report} />
              )}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
