import type { PlanAssumptions } from './business-plans.schemas.ts';
import { loanInstalment, type Projection } from './business-plan-projections.ts';

/** The ratios a lender reads, per year of the projection; null where there is nothing to divide. */
export interface YearRatios {
  year: number;
  grossMarginPercent: number | null;
  netMarginPercent: number | null;
  /** Cash and what customers owe, over what falls due within a year (VAT, the loan's next 12 months). */
  currentRatio: number | null;
  /** Trading cash before interest, over the year's interest and capital repaid. */
  debtServiceCover: number | null;
}

const times = new Intl.NumberFormat('en-ZA', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const tenths = new Intl.NumberFormat('en-ZA', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A ratio as the plan shows it ("1,42×"), a margin ("37,5%"), or a dash when there is none. */
export const ratioText = (value: number | null): string =>
  value === null ? '—' : `${times.format(value)}×`;
export const percentText = (value: number | null): string =>
  value === null ? '—' : `${tenths.format(value)}%`;

const ratio = (over: number, under: number) => (under > 0 ? over / under : null);
const percent = (over: number, under: number) => {
  const value = ratio(over, under);
  return value === null ? null : Math.round(value * 1000) / 10;
};

/** Capital the loan repays in the 12 months after a balance (the instalment schedule carried on). */
function capitalDueWithinAYear(balance: number, a: PlanAssumptions): number {
  const instalment = loanInstalment(a.loanCents, a.loanInterestPercent, a.loanTermMonths);
  const rate = a.loanInterestPercent / 100 / 12;
  let left = balance;
  for (let month = 0; month < 12 && left > 0; month++) {
    const interest = Math.round(left * rate);
    left -= Math.min(instalment, left + interest) - interest;
  }
  return balance - left;
}

/** The year's ratios from its statements (the balance sheet at the year's end). */
export function planRatios(projection: Projection, a: PlanAssumptions): YearRatios[] {
  return projection.years.map((year) => {
    const loanAtStart =
      year.year === 1 ? a.loanCents : projection.years[year.year - 2]!.loanBalance;
    const capitalRepaid = loanAtStart - year.loanBalance;
    // VAT SARS owes back (a refund) is an asset, VAT owed to it a liability.
    const vatRefund = Math.max(0, -year.vatOwed);
    return {
      year: year.year,
      grossMarginPercent: percent(year.grossProfit, year.revenue),
      netMarginPercent: percent(year.profitAfterTax, year.revenue),
      currentRatio: ratio(
        year.totalAssets + vatRefund,
        Math.max(0, year.vatOwed) + capitalDueWithinAYear(year.loanBalance, a),
      ),
      debtServiceCover: ratio(
        year.operatingCashFlow + year.loanInterest,
        year.loanInterest + capitalRepaid,
      ),
    };
  });
}

/** What a lender would say of a year's ratios, in a sentence. */
export function lenderVerdict(ratios: YearRatios): string {
  const cover = ratios.debtServiceCover;
  const current = ratios.currentRatio;
  const loan =
    cover === null
      ? 'No loan repayments fall in this year.'
      : cover >= 1.25
        ? `Trading cash covers the loan repayments ${ratioText(cover)} over: a lender would be comfortable.`
        : cover >= 1
          ? `Trading cash just covers the loan repayments (${ratioText(cover)}): lenders usually ask for ${ratioText(1.25)}.`
          : `Trading cash does not cover the loan repayments (${ratioText(cover)}): a lender would decline or ask for more security.`;
  const shortTerm =
    current === null
      ? 'Nothing falls due within the year.'
      : current >= 1.5
        ? `Cash and customer balances cover what falls due within a year ${ratioText(current)} over: healthy.`
        : current >= 1
          ? `Cash and customer balances cover what falls due within a year (${ratioText(current)}), with little to spare.`
          : `What falls due within a year is more than cash and customer balances (${ratioText(current)}): short of working capital.`;
  return `${loan} ${shortTerm}`;
}
