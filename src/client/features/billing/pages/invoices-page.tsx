import { useState } from 'react';
import { Link } from 'wouter';
import {
  invoiceStatusLabels,
  invoiceStatuses,
  quoteStatusLabels,
  type InvoiceList,
  type InvoiceStatus,
} from '#shared/billing.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { formatRand } from '#shared/money.ts';
import { adminCustomerPath, adminQuotePath, newInvoicePath } from '#shared/routes.ts';
import { DataTable, cell, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { StatusFilter } from '../../../components/status-filter.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAdminQuotes, useInvoices, type InvoiceSearch } from '../api/get-invoices.ts';

/** The statuses whose documents still wait for money: they show the day it is due. */
const awaitingMoney = new Set<InvoiceStatus>(['unpaid', 'part_paid', 'overdue', 'pro_forma']);

/** Each status with how many documents and what they come to; a click filters the list. */
function StatusTotals({
  totals,
  current,
  onPick,
}: {
  totals: InvoiceList['totals'];
  current: string;
  onPick: (status: InvoiceStatus) => void;
}) {
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7"
      aria-label="Totals by status"
    >
      {totals.map((row) => (
        <li key={row.status}>
          <button
            type="button"
            aria-pressed={current === row.status}
            onClick={() => onPick(row.status)}
            className={cn(
              'grid w-full gap-0.5 rounded-xl border bg-white p-3 text-left text-sm hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700',
              current === row.status ? 'border-brand-700 ring-1 ring-brand-700' : 'border-line',
            )}
          >
            <span className="font-semibold text-muted">{invoiceStatusLabels[row.status]}</span>
            <span className="text-lg font-bold text-ink tabular-nums">{row.count}</span>
            <span className="text-xs text-muted tabular-nums">{formatRand(row.total)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Quotes() {
  const query = useAdminQuotes();
  return (
    <section aria-labelledby="quotes-heading" className="grid gap-3">
      <h2 id="quotes-heading" className="text-xl font-bold text-ink">
        Quotes
      </h2>
      <QueryState query={query} label="the quotes">
        {(quotes) =>
          quotes.length === 0 ? (
            <EmptyState title="No quotes yet">
              A quote you send waits here until the customer accepts it online.
            </EmptyState>
          ) : (
            <DataTable
              label="Quote list"
              caption="Quotes, newest first"
              columns={[
                { label: 'Quote' },
                { label: 'Customer' },
                { label: 'Status' },
                { label: 'Valid until' },
                { label: 'Deposit', align: 'right' },
                { label: 'Total', align: 'right' },
              ]}
            >
              {quotes.map((quote) => (
                <tr key={quote.number}>
                  <th scope="row" className={cn(rowHeading, 'font-mono text-xs whitespace-nowrap')}>
                    <Link href={adminQuotePath(quote.number)} className="text-brand-700 underline">
                      {quote.number}
                    </Link>
                  </th>
                  <td className={cn(cell, '[overflow-wrap:anywhere]')}>
                    {quote.customer.id ? (
                      <Link href={adminCustomerPath(quote.customer.id)} className="hover:underline">
                        {quote.customer.name}
                      </Link>
                    ) : (
                      quote.customer.name
                    )}
                  </td>
                  <td className={cell}>
                    <StatusBadge status={quote.status}>
                      {quoteStatusLabels[quote.status]}
                    </StatusBadge>
                  </td>
                  <td className={cn(cell, 'whitespace-nowrap')}>{formatDate(quote.validUntil)}</td>
                  <td className={cn(numberCell, 'whitespace-nowrap')}>
                    {quote.deposit ? formatRand(quote.deposit) : '—'}
                  </td>
                  <td className={cn(numberCell, 'whitespace-nowrap')}>{formatRand(quote.total)}</td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
    </section>
  );
}

/** Every invoice by status with the totals of each, and the quotes; new ones start here. */
export function InvoicesPage() {
  const [search, setSearch] = useState<InvoiceSearch>({ status: '', page: 1 });
  const query = useInvoices(search);
  const filter = (status: string) => setSearch({ status, page: 1 });
  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link href={newInvoicePath()}>New invoice</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={newInvoicePath({ kind: 'quote' })}>New quote</Link>
        </Button>
      </div>
      <section aria-labelledby="invoices-heading" className="grid gap-4">
        <h2 id="invoices-heading" className="text-xl font-bold text-ink">
          Invoices
        </h2>
        <QueryState query={query} label="the invoices">
          {(data) => (
            <>
              <StatusTotals
                totals={data.totals}
                current={search.status}
                onPick={(status) => filter(search.status === status ? '' : status)}
              />
              <StatusFilter
                id="invoice-status"
                value={search.status as InvoiceStatus | ''}
                statuses={invoiceStatuses}
                label={(status) => invoiceStatusLabels[status]}
                onChange={filter}
              />
              {data.items.length === 0 ? (
                <EmptyState title="No invoices here">
                  {search.status
                    ? `No document is ${invoiceStatusLabels[search.status as InvoiceStatus].toLowerCase()} at the moment.`
                    : 'Orders and the invoices you send appear here.'}
                </EmptyState>
              ) : (
                <>
                  <DataTable
                    label="Invoice list"
                    caption="Invoices and orders awaiting payment, newest first"
                    columns={[
                      { label: 'Order' },
                      { label: 'Customer' },
                      { label: 'What' },
                      { label: 'Status' },
                      { label: 'Issued' },
                      { label: 'Received', align: 'right' },
                      { label: 'Total', align: 'right' },
                    ]}
                  >
                    {data.items.map((item) => (
                      <tr key={item.orderReference}>
                        <th
                          scope="row"
                          className={cn(rowHeading, 'font-mono text-xs whitespace-nowrap')}
                        >
                          {item.orderReference}
                          {item.invoiceNumber && (
                            <span className="block font-normal text-muted">
                              {item.invoiceNumber}
                            </span>
                          )}
                          {item.quoteNumber && (
                            <Link
                              href={adminQuotePath(item.quoteNumber)}
                              className="block font-normal text-brand-700 underline"
                            >
                              {item.quoteNumber}
                            </Link>
                          )}
                        </th>
                        <td className={cn(cell, '[overflow-wrap:anywhere]')}>
                          {item.customer.id ? (
                            <Link
                              href={adminCustomerPath(item.customer.id)}
                              className="hover:underline"
                            >
                              {item.customer.name}
                            </Link>
                          ) : (
                            item.customer.name
                          )}
                        </td>
                        <td className={cn(cell, 'min-w-40 [overflow-wrap:anywhere]')}>
                          {item.title}
                        </td>
                        <td className={cell}>
                          <StatusBadge status={item.status}>
                            {invoiceStatusLabels[item.status]}
                          </StatusBadge>
                        </td>
                        <td className={cn(cell, 'whitespace-nowrap')}>
                          {formatDate(item.issuedOn)}
                          {item.dueOn && awaitingMoney.has(item.status) && (
                            <span
                              className={cn(
                                'block text-xs',
                                item.status === 'overdue'
                                  ? 'font-semibold text-red-800'
                                  : 'text-muted',
                              )}
                            >
                              due {formatDate(item.dueOn)}
                            </span>
                          )}
                        </td>
                        <td className={cn(numberCell, 'whitespace-nowrap')}>
                          {formatRand(item.received)}
                        </td>
                        <td className={cn(numberCell, 'whitespace-nowrap')}>
                          {formatRand(item.total)}
                        </td>
                      </tr>
                    ))}
                  </DataTable>
                  <Pager
                    page={data.page}
                    pageSize={data.pageSize}
                    total={data.total}
                    onPage={(page) => setSearch((s) => ({ ...s, page }))}
                  />
                </>
              )}
            </>
          )}
        </QueryState>
      </section>
      <Quotes />
    </div>
  );
}
