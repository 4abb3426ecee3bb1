import { useQuery } from '@tanstack/react-query';
import { formatZAR, randToCents } from '#shared/money.ts';
import { profitQueryOptions } from '../api/back-office.ts';
import { AdminShell } from '../components/admin-shell.tsx';
import { EmptyState, QueryState } from '../components/query-state.tsx';

const monthName = new Intl.DateTimeFormat('en-ZA', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const rand = (value: number) => formatZAR(randToCents(value));

/** Paid revenue per month with its VAT, PayFast fees, registrar costs and gross profit. */
export function ProfitAnalyticsPage() {
  const query = useQuery(profitQueryOptions);
  return (
    <AdminShell title="Profit analytics">
      <QueryState query={query} label="the profit figures">
        {(months) =>
          months.length === 0 ? (
            <EmptyState title="No sales to analyse yet">
              Revenue, VAT, card fees and registrar costs per month appear here once payments come
              in.
            </EmptyState>
          ) : (
            <div
              className="overflow-x-auto rounded-2xl border border-line bg-white"
              role="region"
              aria-label="Profit per month"
              tabIndex={0}
              data-scrolls
            >
              <table className="w-full text-right text-sm">
                <caption className="sr-only">Paid revenue and profit per month, in rand</caption>
                <thead className="bg-gray-50 text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-2 text-left font-semibold">
                      Month
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      Orders
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      Revenue incl. VAT
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      VAT
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      Card fees
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      Registrar costs
                    </th>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      Gross profit
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line tabular-nums">
                  {months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row" className="px-4 py-2 text-left font-semibold text-ink">
                        {monthName.format(new Date(`${m.month}-01T00:00:00Z`))}
                      </th>
                      <td className="px-4 py-2">{m.orders}</td>
                      <td className="px-4 py-2">{rand(m.revenue)}</td>
                      <td className="px-4 py-2">{rand(m.vat)}</td>
                      <td className="px-4 py-2">{rand(m.paymentFees)}</td>
                      <td className="px-4 py-2">{rand(m.registrarCosts)}</td>
                      <td className="px-4 py-2 font-semibold">{rand(m.grossProfit)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </AdminShell>
  );
}
