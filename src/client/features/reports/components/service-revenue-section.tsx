import { formatZAR } from '#shared/money.ts';
import { formatNumber } from '#shared/numbers.ts';
import type { ServiceRevenue } from '#shared/reports.schemas.ts';
import { DataTable, rowHeading } from '../../../components/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { RowBarChart } from '../../../components/row-bar-chart.tsx';
import { cn } from '../../../lib/cn.ts';
import { vat } from '../../../lib/site.ts';
import { serviceRevenueCsvUrl, useServiceRevenue } from '../api/get-service-revenue.ts';
import { MonthRangeFields, useMonthRange } from './month-range.tsx';
import { RevenueCells, revenueColumns } from './revenue-cells.tsx';
import { CsvDownload } from './csv-download.tsx';

const series = [{ key: 'revenue', label: 'Revenue', className: 'bg-brand-600' }] as const;

/** A part of the whole in whole percent; a sliver that would round to 0% says so. */
function shareOf(cents: number, whole: number): string {
  const percent = (100 * cents) / whole;
  return percent > 0 && percent < 0.5 ? 'under 1%' : `${formatNumber(percent)}%`;
}

/** Each service's revenue as a bar, with its share of the period's revenue beside its name. */
function ServiceChart({ report }: { report: ServiceRevenue }) {
  const whole = report.totals.revenueCents;
  return (
    <RowBarChart
      title="Each service’s share of revenue"
      note={<>Revenue{vat.incl} after credit notes; the table below gives the figures.</>}
      series={series}
      rows={report.services.map((service) => ({
        id: service.kind,
        label: service.label,
        figure:
          whole > 0
            ? `${formatZAR(service.revenueCents)} (${shareOf(service.revenueCents, whole)})`
            : formatZAR(service.revenueCents),
        values: { revenue: service.revenueCents },
      }))}
    />
  );
}

/** Each service's figures, its catalogue packages under it, and the period's total. */
function ServiceTable({ report }: { report: ServiceRevenue }) {
  return (
    <DataTable
      label="Each service's revenue"
      caption={`Each service's share of the invoices less the credit notes, in rand${vat.incl} unless marked, the most revenue first, each catalogue package under its service, with the totals in the last row`}
      columns={[{ label: 'Service' }, ...revenueColumns]}
    >
      {report.services.map((service) => [
        <tr key={service.kind}>
          <th scope="row" className={rowHeading}>
            {service.label}
          </th>
          <RevenueCells figures={service} />
        </tr>,
        ...service.packages.map((item) => (
          <tr key={`${service.kind} ${item.id}`} className="text-muted">
            <th scope="row" className={cn(rowHeading, 'pl-8 font-normal text-muted')}>
              <span className="sr-only">{service.label}: </span>
              {item.name}
            </th>
            <RevenueCells figures={item} />
          </tr>
        )),
      ])}
      <tr className="bg-gray-50">
        <th scope="row" className={rowHeading}>
          Total
        </th>
        <RevenueCells figures={report.totals} strong />
      </tr>
    </DataTable>
  );
}

/**
 * Revenue by kind of service and catalogue package over chosen months, from the invoices and
 * credit notes issued in them: a chart to compare the services, the table with the figures.
 */
export function ServiceRevenueSection() {
  const range = useMonthRange();
  const { from, to } = range;
  const query = useServiceRevenue(from, to);
  return (
    <section aria-labelledby="service-revenue-heading" className="grid gap-4">
      <h2 id="service-revenue-heading" className="text-xl font-bold text-ink">
        Revenue by service
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <MonthRangeFields id="service-revenue" range={range} />
        <CsvDownload href={serviceRevenueCsvUrl(from, to)} of="revenue by service" />
      </div>
      <QueryState query={query} label="the revenue by service">
        {(report) =>
          report.services.length === 0 ? (
            <EmptyState title="No invoices in this period">
              Each service invoiced in these months shows here with its revenue.
            </EmptyState>
          ) : (
            <>
              <ServiceChart report={report} />
              <ServiceTable report={report} />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
