import { formatZAR } from '#shared/money.ts';

const percent = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 });

/** This month against last: "Up 12% on last month (R 10 000,00)", or how last month ended. */
export function monthTrend(thisMonthCents: number, lastMonthCents: number): string {
  if (lastMonthCents <= 0) return `Last month: ${formatZAR(lastMonthCents)}`;
  const change = ((thisMonthCents - lastMonthCents) / lastMonthCents) * 100;
  const rounded = Math.round(change);
  const words =
    rounded === 0
      ? 'Level with'
      : rounded > 0
        ? `Up ${percent.format(rounded)}% on`
        : `Down ${percent.format(-rounded)}% on`;
  return `${words} last month (${formatZAR(lastMonthCents)})`;
}
