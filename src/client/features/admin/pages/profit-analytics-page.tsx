import { useState } from 'react';
import { FileDown } from 'lucide-react';
import type { ProfitMonth } from '#shared/admin.schemas.ts';
import type { ProfitServiceFigures } from '#shared/profit.schemas.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { profitCsvUrl, useProfitAnalytics } from '../api/get-profit-analytics.ts';
import { useProfitServices } from '../api/get-profit-services.ts';
import { ServiceProfitChart } from '../components/service-profit-chart.tsx';
import { MonthBarChart } from '../../../components/month-bar-chart.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { DataTable, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { site, vat } from '../../../lib/site.ts';

const monthName = new Intl.DateTimeFormat('en-ZA', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const asDate = (month: string) => new Date(`${month}-01T00:00:00Z`);
const rand = (value: number) => formatZAR(randToCents(value));

function thisMonth(): string {
  return new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' }).slice(0, 7);
}

function monthsBefore(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1 - count, 1)).toISOString().slice(0, 7);
}

// A supplier not registered for VAT charges none and claims none back: no VAT columns then.
const withVat = site.vatRegistered;

function MonthsTable({ months }: { months: ProfitMonth[] }) {
  return (
    <DataTable
      label="Profit per month"
      caption={
        withVat
          ? `Revenue, costs and gross profit per month in rand${vat.excl} unless marked; refunds are taken off revenue and VAT in the month they are made`
          : 'Revenue, costs and gross profit per month in rand; refunds are taken off revenue in the month they are made'
      }
      columns={[
        { label: 'Month' },
        { label: 'Orders', align: 'right' },
        { label: `Revenue${vat.incl}`, align: 'right' },
        ...(withVat
          ? [
              { label: 'VAT', align: 'right' as const },
              { label: `Revenue${vat.excl}`, align: 'right' as const },
            ]
          : []),
        { label: 'Refunds', align: 'right' },
        { label: 'Overpayments', align: 'right' },
        { label: `Card fees${vat.excl}`, align: 'right' },
        ...(withVat ? [{ label: 'VAT on fees', align: 'right' as const }] : []),
        { label: 'Registrar costs', align: 'right' },
        { label: 'Gross profit', align: 'right' },
      ]}
    >
      {months.map((m) => (
        <tr key={m.month}>
          <th scope="row" className={cn(rowHeading, 'whitespace-nowrap')}>
            {monthName.format(asDate(m.month))}
          </th>
          <td className={numberCell}>{m.orders}</td>
          <td className={numberCell}>{rand(m.revenue)}</td>
          {withVat && (
            <>
              <td className={numberCell}>{rand(m.vat)}</td>
              <td className={numberCell}>{rand(m.revenueExVat)}</td>
            </>
          )}
          <td className={numberCell}>{rand(m.refunds)}</td>
          <td className={numberCell}>{rand(m.overpayments)}</td>
          <td className={numberCell}>{rand(m.paymentFeesExVat)}</td>
          {withVat && <td className={numberCell}>{rand(m.paymentFeeVat)}</td>}
          <td className={numberCell}>{rand(m.registrarCosts)}</td>
          <td className={cn(numberCell, 'font-semibold')}>{rand(m.grossProfit)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function ServicesTable({ services }: { services: ProfitServiceFigures[] }) {
  return (
    <DataTable
      label="Profit by service"
      caption={`Sales, card fees, registrar costs and gross profit${vat.excl} by kind of service over the period, before refunds`}
      columns={[
        { label: 'Service' },
        { label: 'Lines', align: 'right' },
        { label: `Sales${vat.excl}`, align: 'right' },
        { label: `Card fees${vat.excl}`, align: 'right' },
        { label: 'Registrar costs', align: 'right' },
        { label: 'Gross profit', align: 'right' },
      ]}
    >
      {services.map((s) => (
        <tr key={s.kind}>
          <th scope="row" className={rowHeading}>
            {s.label}
          </th>
          <td className={numberCell}>{s.lines}</td>
          <td className={numberCell}>{rand(s.revenueExVat)}</td>
          <td className={numberCell}>{rand(s.paymentFeesExVat)}</td>
          <td className={numberCell}>{rand(s.registrarCosts)}</td>
          <td className={cn(numberCell, 'font-semibold')}>{rand(s.grossProfit)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The period's figures by kind of service: the chart, then the table that carries its figures. */
function ByService({ from, to }: { from: string; to: string }) {
  const query = useProfitServices(from, to);
  return (
    <section aria-labelledby="by-service-heading" className="grid gap-4">
      <h2 id="by-service-heading" className="text-xl font-bold text-ink">
        By service
      </h2>
      <QueryState query={query} label="the figures by service">
        {(services) =>
          services.length === 0 ? (
            <EmptyState title="No sales in this period">
              Each kind of service sold shows here with its costs and gross profit.
            </EmptyState>
          ) : (
            <>
              <ServiceProfitChart services={services} />
              <ServicesTable services={services} />
            </>
          )
        }
      </QueryState>
    </section>
  );
}

/**
 * /admin/profit-analytics: per month and by kind of service over a chosen period, on one basis
 * (excluding VAT), each as a chart with its table, and the months as a CSV download.
 */
export function ProfitAnalyticsPage() {
  const [to, setTo] = useState(thisMonth);
  const [from, setFrom] = useState(() => monthsBefore(thisMonth(), 12));
  const query = useProfitAnalytics(from, to);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <FormField
          id="profit-from"
          label="From"
          type="month"
          value={from}
          max={to}
          onChange={(event) => event.target.value && setFrom(event.target.value)}
        />
        <FormField
          id="profit-to"
          label="To"
          type="month"
          value={to}
          min={from}
          onChange={(event) => event.target.value && setTo(event.target.value)}
        />
        <Button asChild variant="outline">
          <a href={profitCsvUrl(from, to)} download>
            <FileDown aria-hidden="true" />
            Download CSV
          </a>
        </Button>
      </div>
      <section aria-labelledby="by-month-heading" className="grid gap-4">
        <h2 id="by-month-heading" className="text-xl font-bold text-ink">
          By month
        </h2>
        <QueryState query={query} label="the profit figures">
          {(months) =>
            months.length === 0 ? (
              <EmptyState title="No sales in this period">
                Revenue, {withVat && 'VAT, '}card fees and registrar costs per month appear here
                once payments come in.
              </EmptyState>
            ) : (
              <>
                <MonthBarChart
                  title="Gross profit per month"
                  amounts={months.map((m) => ({
                    month: m.month,
                    cents: randToCents(m.grossProfit),
                  }))}
                  from={from}
                  to={to}
                />
                <MonthsTable months={months} />
              </>
            )
          }
        </QueryState>
      </section>
      <ByService from={from} to={to} />
    </div>
  );
}
