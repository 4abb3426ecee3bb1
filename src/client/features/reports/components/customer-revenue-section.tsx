import { DataTable, rowHeading } from '../../../components/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { vat } from '../../../lib/site.ts';
import { customerRevenueCsvUrl, useCustomerRevenue } from '../api/get-customer-revenue.ts';
import { MonthRangeFields, useMonthRange } from './month-range.tsx';
import { RevenueCells, revenueColumns } from './revenue-cells.tsx';
import { CsvDownload } from './csv-download.tsx';

/** Each customer's invoices less their credit notes over chosen months, the most revenue first. */
export function CustomerRevenueSection() {
  const range = useMonthRange();
  const { from, to } = range;
  const query = useCustomerRevenue(from, to);
  return (
    <section aria-labelledby="customer-revenue-heading" className="grid gap-4">
      <h2 id="customer-revenue-heading" className="text-xl font-bold text-ink">
        Revenue by customer
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <MonthRangeFields id="customer-revenue" range={range} />
        <CsvDownload href={customerRevenueCsvUrl(from, to)} of="revenue by customer" />
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
              columns={[{ label: 'Customer' }, ...revenueColumns]}
            >
              {report.customers.map((customer) => (
                <tr key={customer.email || customer.name}>
                  <th scope="row" className={rowHeading}>
                    {customer.name}
                    <span className="block text-xs font-normal text-muted">{customer.email}</span>
                  </th>
                  <RevenueCells figures={customer} />
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
    </section>
  );
}
