import { formatZAR, randToCents } from '#shared/money.ts';
import { useProfitAnalytics } from '../api/get-profit-analytics.ts';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { DataTable, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { cn } from '../../../lib/cn.ts';

const monthName = new Intl.DateTimeFormat('en-ZA', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const rand = (value: number) => formatZAR(randToCents(value));

/** Paid revenue per month with its VAT, PayFast fees, registrar costs and gross profit. */
export function ProfitAnalyticsPage() {
  const query = useProfitAnalytics();
  return (
    <QueryState query={query} label="the profit figures">
      {(months) =>
        months.length === 0 ? (
          <EmptyState title="No sales to analyse yet">
            Revenue, VAT, card fees and registrar costs per month appear here once payments come in.
          </EmptyState>
        ) : (
          <DataTable
            label="Profit per month"
            caption="Paid revenue and profit per month, in rand"
            columns={[
              { label: 'Month' },
              { label: 'Orders', align: 'right' },
              { label: 'Revenue incl. VAT', align: 'right' },
              { label: 'VAT', align: 'right' },
              { label: 'Card fees', align: 'right' },
              { label: 'Registrar costs', align: 'right' },
              { label: 'Gross profit', align: 'right' },
            ]}
          >
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row" className={rowHeading}>
                  {monthName.format(new Date(`${m.month}-01T00:00:00Z`))}
                </th>
                <td className={numberCell}>{m.orders}</td>
                <td className={numberCell}>{rand(m.revenue)}</td>
                <td className={numberCell}>{rand(m.vat)}</td>
                <td className={numberCell}>{rand(m.paymentFees)}</td>
                <td className={numberCell}>{rand(m.registrarCosts)}</td>
                <td className={cn(numberCell, 'font-semibold')}>{rand(m.grossProfit)}</td>
              </tr>
            ))}
          </DataTable>
        )
      }
    </QueryState>
  );
}
