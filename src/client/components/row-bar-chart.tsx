import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** One kind of bar: what it shows (the legend) and its colour. */
export interface BarSeries<Key extends string> {
  key: Key;
  label: string;
  className: string;
}

/** One row of bars: its name, the figure printed beside the name, and a value per series. */
export interface BarRow<Key extends string> {
  id: string;
  label: string;
  figure: string;
  values: Record<Key, number>;
}

/**
 * Horizontal bars, a group per row and a bar per series, all on one scale, so that rows compare
 * at a glance on a phone too; a negative value is drawn by its size, in red. The figures are in
 * the table beside it (the chart's text alternative, decision 016), so the bars are hidden from
 * screen readers; the legend shows only when there is more than one series.
 */
export function RowBarChart<Key extends string>({
  title,
  note,
  series,
  rows,
}: {
  title: string;
  note: ReactNode;
  series: readonly BarSeries<Key>[];
  rows: BarRow<Key>[];
}) {
  const top = Math.max(
    1,
    ...rows.flatMap((row) => series.map(({ key }) => Math.abs(row.values[key]))),
  );
  return (
    <figure className="rounded-2xl border border-line bg-white p-4">
      <figcaption className="text-sm font-semibold text-ink">
        {title}
        <span className="block font-normal text-muted">{note}</span>
      </figcaption>
      <div aria-hidden="true">
        {series.length > 1 && (
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
            {series.map(({ key, label, className }) => (
              <li key={key} className="flex items-center gap-1.5">
                <span className={cn('size-3 rounded-sm', className)} />
                {label}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4 grid gap-4">
          {rows.map((row) => (
            <div key={row.id}>
              <p className="flex flex-wrap justify-between gap-x-3 text-sm">
                <span className="font-semibold text-ink">{row.label}</span>
                <span className="text-muted tabular-nums">{row.figure}</span>
              </p>
              <div className="mt-1 grid gap-0.5">
                {series.map(({ key, className }) => (
                  <div
                    key={key}
                    className={cn(
                      'h-2.5 rounded-r-sm',
                      row.values[key] < 0 ? 'bg-red-600' : className,
                    )}
                    style={{ width: `${Math.max((Math.abs(row.values[key]) / top) * 100, 0.5)}%` }}
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
