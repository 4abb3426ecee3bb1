import type { ProfitServiceFigures } from '#shared/profit.schemas.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { cn } from '../../../lib/cn.ts';
import { vat } from '../../../lib/site.ts';

const series = [
  { key: 'revenueExVat', label: 'Sales', className: 'bg-brand-600' },
  { key: 'costs', label: 'Card fees and registrar', className: 'bg-amber-500' },
  { key: 'grossProfit', label: 'Gross profit', className: 'bg-brand-900' },
] as const;

type Bars = Record<(typeof series)[number]['key'], number>;

const barsOf = (s: ProfitServiceFigures): Bars => ({
  revenueExVat: s.revenueExVat,
  costs: s.paymentFeesExVat + s.registrarCosts,
  grossProfit: s.grossProfit,
});

/**
 * Sales, costs and gross profit of each kind of service as horizontal bars on one scale, so the
 * services compare at a glance on a phone too. The figures themselves are in the table beside it
 * (the chart's text alternative), so the bars are hidden from screen readers.
 */
export function ServiceProfitChart({ services }: { services: ProfitServiceFigures[] }) {
  const rows = services.map((s) => ({ service: s, bars: barsOf(s) }));
  const top = Math.max(1, ...rows.flatMap(({ bars }) => Object.values(bars).map(Math.abs)));
  return (
    <figure className="rounded-2xl border border-line bg-white p-4">
      <figcaption className="text-sm font-semibold text-ink">
        Sales, costs and gross profit by service
        <span className="block font-normal text-muted">
          Figures{vat.excl}, before refunds; the table below gives them in full.
        </span>
      </figcaption>
      <div aria-hidden="true">
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          {series.map(({ key, label, className }) => (
            <li key={key} className="flex items-center gap-1.5">
              <span className={cn('size-3 rounded-sm', className)} />
              {label}
            </li>
          ))}
        </ul>
        <div className="mt-4 grid gap-4">
          {rows.map(({ service, bars }) => (
            <div key={service.kind}>
              <p className="flex flex-wrap justify-between gap-x-3 text-sm">
                <span className="font-semibold text-ink">{service.label}</span>
                <span className="text-muted tabular-nums">
                  profit {formatZAR(randToCents(service.grossProfit))}
                </span>
              </p>
              <div className="mt-1 grid gap-0.5">
                {series.map(({ key, className }) => (
                  <div
                    key={key}
                    className={cn('h-2.5 rounded-r-sm', bars[key] < 0 ? 'bg-red-600' : className)}
                    style={{ width: `${Math.max((Math.abs(bars[key]) / top) * 100, 0.5)}%` }}
                  />
                ))}
              </div>
            </div>
          ))}
        </div>
      </div>
    </figure>
  );
}
