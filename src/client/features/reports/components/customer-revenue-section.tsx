import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { saToday } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { DataTable, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { site, vat } from '../../../lib/site.ts';
import { customerRevenueCsvUrl, useCustomerRevenue } from '../api/get-customer-revenue.ts';

const thisMonth = () => saToday().slice(0, 7);

function monthsBefore(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1 - count, 1)).toISOString().slice(0, 7);
}

/** Each customer's invoices less their credit notes over chosen months, the most revenue first. */
export function CustomerRevenueSection() {
  const [to, setTo] = useState(thisMonth);
  const [from, setFrom] = useState(() => monthsBefore(thisMonth(), 11));
  const query = useCustomerRevenue(from, to);
  return (
    <section aria-labelledby="customer-revenue-heading" className="grid gap-4">
      <h2 id="customer-revenue-heading" className="text-xl font-bold text-ink">
        Revenue by customer
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <FormField
          id="revenue-from"
          label="From"
          type="month"
          value={from}
          max={to}
          onChange={(event) => event.target.value && setFrom(event.target.value)}
        />
        <FormField
          id="revenue-to"
          label="To"
          type="month"
          value={to}
          min={from}
          onChange={(event) => event.target.value && setTo(event.target.value)}
        />
        <Button asChild variant="outline">
          <a href={customerRevenueCsvUrl(from, to)} download>
            <FileDown aria-hidden="true" />
            Download CSV
            <span className="sr-only"> of revenue by customer</span>
          </a>
        </Button>
      </div>
      <QueryState query={query} label="the revenue by customer">
        {(report) =>
          report.customers.length === 0 ? (
            <EmptyState title="No invoices in this period">
              Each customer invoiced in these months shows here with their revenue.
            </EmptyState>
          ) : (
            <DataTable
              label="Each customer's revenue"
              caption={`Each customer's invoices less their credit notes, in rand${vat.incl} unless marked, the most revenue first`}
              columns={[
                { label: 'Customer' },
                { label: 'Invoices', align: 'right' },
                { label: 'Sales', align: 'right' },
                { label: 'Credit notes', align: 'right' },
                { label: 'Revenue', align: 'right' },
                ...(site.vatRegistered
                  ? [{ label: `Revenue${vat.excl}`, align: 'right' as const }]
                  : []),
              ]}
            >
              {report.customers.map((customer) => (
                <tr key={customer.email || customer.name}>
                  <th scope="row" className={rowHeading}>
                    {customer.name}
                    <span className="block text-xs font-normal text-muted">{customer.email}</span>
                  </th>
                  <td className={numberCell}>{customer.invoices}</td>
                  <td className={numberCell}>{formatZAR(customer.salesCents)}</td>
                  <td className={numberCell}>{formatZAR(customer.refundsCents)}</td>
                  <td className={cn(numberCell, 'font-semibold')}>
                    {formatZAR(customer.revenueCents)}
                  </td>
                  {site.vatRegistered && (
                    <td className={numberCell}>{formatZAR(customer.revenueExVatCents)}</td>
                  )}
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
    </section>
  );
}
