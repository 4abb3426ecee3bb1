import type { Quote } from '#shared/billing.schemas.ts';
import { invoiceStatusLabels, quoteStatusLabels } from '#shared/billing.schemas.ts';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { formatRand } from '#shared/money.ts';
import { quotePdfPath } from '#shared/routes.ts';
import { DataTable, cell, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { PdfLink } from '../../../components/pdf-link.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { vat } from '../../../lib/site.ts';

const partLabels = { whole: 'The whole quote', deposit: 'Deposit', balance: 'Balance' } as const;

/** A quote's lines, totals, deposit and terms, as the customer and the team both read them. */
export function QuoteDocument({ quote }: { quote: Quote }) {
  const totals: [string, string][] = [
    ...(vat.breakdown
      ? ([
          [vat.breakdown.exclusive, formatRand(quote.subtotal)],
          [vat.breakdown.vat, formatRand(quote.vat)],
        ] as [string, string][])
      : []),
    ['Total', formatRand(quote.total)],
    ...(quote.depositLabel
      ? ([
          [`${quote.depositLabel}, on acceptance`, formatRand(quote.deposit)],
          ['Balance, when the work is delivered', formatRand(quote.total - quote.deposit)],
        ] as [string, string][])
      : []),
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid gap-x-6 gap-y-1 rounded-2xl border border-line bg-white p-4 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="font-semibold text-muted">Status</dt>
        <dd>
          <StatusBadge status={quote.status}>{quoteStatusLabels[quote.status]}</StatusBadge>
        </dd>
        <dt className="font-semibold text-muted">For</dt>
        <dd className="[overflow-wrap:anywhere]">
          {quote.customer.name}
          {quote.customer.email && <span className="text-muted"> ({quote.customer.email})</span>}
        </dd>
        <dt className="font-semibold text-muted">Quoted on</dt>
        <dd>{formatDate(quote.createdAt)}</dd>
        <dt className="font-semibold text-muted">Valid until</dt>
        <dd>{formatDate(quote.validUntil)}</dd>
        {quote.acceptedAt && (
          <>
            <dt className="font-semibold text-muted">Accepted</dt>
            <dd>
              by {quote.acceptedName}, {formatDateTime(quote.acceptedAt)}
            </dd>
          </>
        )}
      </dl>
      <PdfLink href={quotePdfPath(quote.number)} label={`Quote ${quote.number} (PDF)`} />
      <DataTable
        label="Quote lines"
        caption={`The lines of quote ${quote.number}`}
        columns={[
          { label: 'Description' },
          { label: 'Quantity', align: 'right' },
          { label: 'Unit price', align: 'right' },
          { label: 'Amount', align: 'right' },
        ]}
      >
        {quote.lines.map((line, index) => (
          <tr key={index}>
            <th scope="row" className={cn(rowHeading, 'min-w-44 font-normal')}>
              {line.description}
            </th>
            <td className={numberCell}>{line.quantity}</td>
            <td className={cn(numberCell, 'whitespace-nowrap')}>{formatRand(line.unitPrice)}</td>
            <td className={cn(numberCell, 'whitespace-nowrap')}>{formatRand(line.total)}</td>
          </tr>
        ))}
      </DataTable>
      <dl className="ml-auto grid w-full max-w-sm grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
        {totals.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className={cn('text-muted', term === 'Total' && 'font-bold text-ink')}>{term}</dt>
            <dd
              className={cn(
                'text-right whitespace-nowrap tabular-nums',
                term === 'Total' && 'font-bold',
              )}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="quote-terms" className="grid gap-2">
        <h2 id="quote-terms" className="text-lg font-bold text-ink">
          Terms
        </h2>
        <p className="rounded-xl border border-line bg-white p-4 text-sm whitespace-pre-line">
          {quote.terms}
        </p>
      </section>
      {quote.invoices.length > 0 && (
        <section aria-labelledby="quote-invoices" className="grid gap-2">
          <h2 id="quote-invoices" className="text-lg font-bold text-ink">
            Invoices for this quote
          </h2>
          <DataTable
            label="Invoices raised"
            caption={`The orders quote ${quote.number} raised`}
            columns={[
              { label: 'Order' },
              { label: 'For' },
              { label: 'Status' },
              { label: 'Amount', align: 'right' },
            ]}
          >
            {quote.invoices.map((invoice) => (
              <tr key={invoice.orderReference}>
                <th scope="row" className={cn(rowHeading, 'font-mono text-xs')}>
                  {invoice.orderReference}
                </th>
                <td className={cell}>{partLabels[invoice.part]}</td>
                <td className={cell}>
                  <StatusBadge status={invoice.status}>
                    {invoiceStatusLabels[invoice.status]}
                  </StatusBadge>
                </td>
                <td className={cn(numberCell, 'whitespace-nowrap')}>{formatRand(invoice.total)}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      )}
    </div>
  );
}
