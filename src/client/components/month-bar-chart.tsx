import type { CSSProperties, ReactNode } from 'react';
import { centsToRand, formatZAR, formatZARCompact, randToCents } from '#shared/money.ts';
import { cn } from '../lib/cn.ts';
import { axisTicks, monthsBetween } from '../lib/month-chart.ts';

const inWords = new Intl.DateTimeFormat('en-ZA', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const underBar = new Intl.DateTimeFormat('en-ZA', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const asDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** One month's amount (YYYY-MM, integer cents). */
export interface MonthAmount {
  month: string;
  cents: number;
}

/**
 * An amount for every month from `from` to `to`, oldest on the left: a month without one is a
 * zero bar, a negative amount hangs below the zero line in red, and the axis gives the scale in
 * rand. The figure reads out every month with its amount in its label (decision 016); the table
 * beside it has the rest. `note` is a line under the title (a trend, what the amounts include).
 */
export function MonthBarChart({
  title,
  note,
  amounts,
  from,
  to,
}: {
  title: string;
  note?: ReactNode;
  amounts: MonthAmount[];
  from: string;
  to: string;
}) {
  const byMonth = new Map(amounts.map((a) => [a.month, a.cents]));
  const bars = monthsBetween(from, to).map((month) => ({ month, cents: byMonth.get(month) ?? 0 }));
  // Round steps of rand, not of cents.
  const ticks = axisTicks(bars.map((bar) => centsToRand(bar.cents)));
  const low = ticks[0]!;
  const high = ticks.at(-1)!;
  /** How far up the plot an amount in rand stands, in percent. */
  const at = (rand: number) => ((rand - low) / (high - low)) * 100;
  const zero = at(0);
  const columns = {
    gridTemplateColumns: `repeat(${bars.length}, minmax(0, 1fr))`,
  } satisfies CSSProperties;
  return (
    <figure className="rounded-2xl border border-line bg-white p-4">
      <figcaption className="mb-3 text-sm font-semibold text-ink">
        {title}
        {note && <span className="block font-normal text-muted">{note}</span>}
      </figcaption>
      <div
        role="img"
        aria-label={`${title}: ${bars
          .map((bar) => `${inWords.format(asDate(bar.month))} ${formatZAR(bar.cents)}`)
          .join('; ')}`}
        className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-2"
      >
        <div className="relative h-48 text-xs text-muted tabular-nums" data-testid="chart-axis">
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute right-0 translate-y-1/2 whitespace-nowrap"
              style={{ bottom: `${at(tick)}%` }}
            >
              {formatZARCompact(randToCents(tick))}
            </span>
          ))}
        </div>
        <div className="relative h-48">
          {ticks.map((tick) => (
            <div
              key={tick}
              className={cn(
                'absolute inset-x-0 border-t',
                tick === 0 ? 'border-gray-500' : 'border-dashed border-line',
              )}
              style={{ bottom: `${at(tick)}%` }}
            />
          ))}
          <ol className="absolute inset-0 grid" style={columns}>
            {bars.map((bar) => {
              const top = at(centsToRand(bar.cents));
              return (
                <li key={bar.month} className="relative" data-month={bar.month}>
                  <span
                    className={cn(
                      'absolute inset-x-[18%] min-h-0.5 rounded-xs',
                      bar.cents > 0 ? 'bg-brand-600' : bar.cents < 0 ? 'bg-red-600' : 'bg-gray-400',
                    )}
                    style={
                      bar.cents >= 0
                        ? { bottom: `${zero}%`, height: `${top - zero}%` }
                        : { top: `${100 - zero}%`, height: `${zero - top}%` }
                    }
                  />
                </li>
              );
            })}
          </ol>
        </div>
        <ol className="col-start-2 mt-1.5 grid text-xs text-muted" style={columns}>
          {bars.map((bar) => (
            // Each month's name runs across while its column has room for it, upright when many
            // months share a narrow screen.
            <li key={bar.month} className="@container flex justify-center">
              <span className="rotate-180 whitespace-nowrap [writing-mode:vertical-rl] @min-[3.75rem]:rotate-0 @min-[3.75rem]:[writing-mode:horizontal-tb]">
                {underBar.format(asDate(bar.month))}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </figure>
  );
}
