import { formatZAR } from './money.ts';
import type { Projection } from './business-plan-projections.ts';

/**
 * When a business must register for VAT (VAT Act s23(1)): at the end of any month in which its
 * taxable supplies of the 12 months before exceed the compulsory threshold, applying within 21
 * business days. Kept as data by the date each threshold began, with its source, so a change is
 * one row here.
 */
export const vatRegistrationThresholds = [
  {
    from: '2009-03-01',
    compulsoryCents: 100_000_000,
    voluntaryCents: 5_000_000,
    source: 'VAT Act s23(1) and s23(3)(b): R1 million (voluntary from R50 000) since 1 March 2009',
  },
  {
    from: '2026-04-01',
    compulsoryCents: 230_000_000,
    voluntaryCents: 12_000_000,
    source:
      'Budget 2026 (SARS, Budget 2026 frequently asked questions): R2.3 million (voluntary from R120 000) from 1 April 2026',
  },
] as const;

export type VatThreshold = (typeof vatRegistrationThresholds)[number];

/** The thresholds in force on `date` (YYYY-MM-DD). */
export function vatThresholdOn(date: string): VatThreshold {
  return (
    vatRegistrationThresholds.findLast((row) => row.from <= date) ?? vatRegistrationThresholds[0]
  );
}

/** How close to the threshold counts as "near": a plan that grows a little more crosses it. */
export const NEAR_THRESHOLD_PERCENT = 80;

export interface VatThresholdWarning {
  kind: 'must_register' | 'near';
  /** The month (1–36) whose 12 months to date cross (or come nearest to) the threshold. */
  month: number;
  /** The sales, excluding VAT, of the 12 months to that month. */
  salesCents: number;
  thresholdCents: number;
  text: string;
}

/**
 * What a plan not registered for VAT should be told of its sales against the compulsory
 * threshold in force on `today`: the first month whose 12 months to date pass it (it must
 * register), else the nearest it comes when that is within NEAR_THRESHOLD_PERCENT; null for a
 * plan registered for VAT, or far below.
 */
export function vatThresholdWarning(
  projection: Projection,
  vatRegistered: boolean,
  today: string,
): VatThresholdWarning | null {
  if (vatRegistered) return null;
  const threshold = vatThresholdOn(today).compulsoryCents;
  const revenue = projection.months.map((m) => m.revenue);
  const twelveMonthSales = revenue.map((_, index) =>
    revenue.slice(Math.max(0, index - 11), index + 1).reduce((total, cents) => total + cents, 0),
  );
  const crossing = twelveMonthSales.findIndex((sales) => sales > threshold);
  if (crossing >= 0) {
    const salesCents = twelveMonthSales[crossing]!;
    return {
      kind: 'must_register',
      month: crossing + 1,
      salesCents,
      thresholdCents: threshold,
      text: `Your sales pass ${formatZAR(threshold)} in the 12 months to month ${crossing + 1} (${formatZAR(salesCents)}): the business must then register for VAT within 21 business days (VAT Act s23) and charge 15% VAT from the date SARS gives. Tick "Registered for VAT" to see the plan with VAT.`,
    };
  }
  const highest = Math.max(0, ...twelveMonthSales);
  if (highest * 100 < threshold * NEAR_THRESHOLD_PERCENT) return null;
  const month = twelveMonthSales.indexOf(highest) + 1;
  return {
    kind: 'near',
    month,
    salesCents: highest,
    thresholdCents: threshold,
    text: `Your sales come to ${formatZAR(highest)} in the 12 months to month ${month}, close to the ${formatZAR(threshold)} at which VAT registration becomes compulsory (VAT Act s23). Watch them: once they pass it, the business must register within 21 business days.`,
  };
}
