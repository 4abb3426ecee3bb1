import { formatZAR } from '#shared/money.ts';
import { formatNumber } from '#shared/numbers.ts';
import type { RecurringRevenue } from '#shared/reports.schemas.ts';
import { DataTable, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { MonthBarChart } from '../../../components/month-bar-chart.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { cn } from '../../../lib/cn.ts';
import { monthTrend } from '../../../lib/month-trend.ts';
import { vat } from '../../../lib/site.ts';
import { recurringRevenueCsvUrl, useRecurringRevenue } from '../api/get-recurring-revenue.ts';
import { CsvDownload } from './csv-download.tsx';

const monthName = new Intl.DateTimeFormat('en-ZA', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** MRR at each month's end as bars, and where it stands now against last month. */
function MrrChart({ report }: { report: RecurringRevenue }) {
  const [last, now] = report.months.slice(-2);
  return (
    <MonthBarChart
      title="MRR at each month’s end"
      note={
        now &&
        `What the active subscriptions charge a month${vat.incl}. Now ${formatZAR(now.mrrCents)}. ${monthTrend(now.mrrCents, last?.mrrCents ?? 0)}.`
      }
      amounts={report.months.map((m) => ({ month: m.month, cents: m.mrrCents }))}
      from={report.months[0]?.month ?? ''}
      to={now?.month ?? ''}
    />
  );
}

/** What the subscriptions bring in each month, and how many were lost, over the last year. */
export function RecurringRevenueSection() {
  const query = useRecurringRevenue();
  return (
    <section aria-labelledby="recurring-revenue-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recurring-revenue-heading" className="text-xl font-bold text-ink">
          Monthly recurring revenue and churn
        </h2>
        <CsvDownload href={recurringRevenueCsvUrl} of="monthly recurring revenue" />
      </div>
      <QueryState query={query} label="the monthly recurring revenue">
        {(report) => (
          <>
            <MrrChart report={report} />
            <DataTable
              label="Recurring revenue per month"
              caption={`Per month: what the active subscriptions charge a month${vat.incl} at its end, the subscriptions started and cancelled, and the share of those active in the month that were cancelled`}
              columns={[
                { label: 'Month' },
                { label: 'MRR', align: 'right' },
                { label: 'Active', align: 'right' },
                { label: 'New', align: 'right' },
                { label: 'Cancelled', align: 'right' },
                { label: 'Churn', align: 'right' },
              ]}
            >
              {report.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" className={cn(rowHeading, 'whitespace-nowrap')}>
                    {monthName.format(new Date(`${m.month}-01T00:00:00Z`))}
                  </th>
                  <td className={cn(numberCell, 'font-semibold')}>{formatZAR(m.mrrCents)}</td>
                  <td className={numberCell}>{m.active}</td>
                  <td className={numberCell}>{m.started}</td>
                  <td className={numberCell}>{m.cancelled}</td>
                  <td className={numberCell}>
                    {m.churnPercent === null ? '–' : `${formatNumber(m.churnPercent, 1)}%`}
                  </td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </QueryState>
    </section>
  );
}
