import type { ProfitServiceFigures } from '#shared/profit.schemas.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { RowBarChart, type BarSeries } from '../../../components/row-bar-chart.tsx';
import { vat } from '../../../lib/site.ts';

const series = [
  { key: 'revenueExVat', label: 'Sales', className: 'bg-brand-600' },
  { key: 'costs', label: 'Card fees and registrar', className: 'bg-amber-500' },
  { key: 'grossProfit', label: 'Gross profit', className: 'bg-brand-900' },
] as const satisfies readonly BarSeries<string>[];

/**
 * Sales, costs and gross profit of each kind of service on one scale; the table below it carries
 * the figures.
 */
export function ServiceProfitChart({ services }: { services: ProfitServiceFigures[] }) {
  return (
    <RowBarChart
      title="Sales, costs and gross profit by service"
      note={<>Figures{vat.excl}, before refunds; the table below gives them in full.</>}
      series={series}
      rows={services.map((s) => ({
        id: s.kind,
        label: s.label,
        figure: `profit ${formatZAR(randToCents(s.grossProfit))}`,
        values: {
          revenueExVat: s.revenueExVat,
          costs: s.paymentFeesExVat + s.registrarCosts,
          grossProfit: s.grossProfit,
        },
      }))}
    />
  );
}
