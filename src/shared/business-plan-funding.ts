/**
 * The funder section of a plan (issue 33 §4): what sefa, NEF or a bank asks beyond the figures —
 * who is asked, B-BBEE ownership before and after, jobs, tax compliance — and the loan's
 * repayment schedule, worked out from the same projection as the statements.
 */
import { funderLabels, taxStatusLabels, type PlanAssumptions } from './business-plans.schemas.ts';
import type { Projection } from './business-plan-projections.ts';
import { formatZAR } from './money.ts';

const wholePercent = (value: number) => `${Number(value.toFixed(1))}%`;

/** Per year of the projection: instalments paid, their interest and capital, and what is owed. */
export function repaymentSchedule(a: PlanAssumptions, projection: Projection) {
  if (a.loanCents === 0) return null;
  let owed = a.loanCents;
  const years = projection.years.map((year) => {
    const capital = owed - year.loanBalance;
    owed = year.loanBalance;
    return {
      year: year.year,
      interest: year.loanInterest,
      capital,
      instalments: year.loanInterest + capital,
      owedAtEnd: year.loanBalance,
    };
  });
  return { years, owedAfterProjection: owed };
}

/** The schedule's rows for a table, each amount written by `amount` (whole rand, or cents). */
export const repaymentRows = (
  schedule: NonNullable<ReturnType<typeof repaymentSchedule>>,
  amount: (cents: number) => string,
) => [
  { label: 'Instalments paid', values: schedule.years.map((y) => amount(y.instalments)) },
  { label: 'of which interest', values: schedule.years.map((y) => amount(y.interest)) },
  { label: 'of which capital', values: schedule.years.map((y) => amount(y.capital)) },
  {
    label: 'Owed at year end',
    strong: true,
    values: schedule.years.map((y) => amount(y.owedAtEnd)),
  },
];

/** The funder section in words, or null when the plan is not a funding application. */
export function fundingFacts(
  a: PlanAssumptions,
  projection: Projection,
): [string, string][] | null {
  const f = a.funding;
  if (f.funder === 'none') return null;
  const asked = [
    a.loanCents > 0 ? `a loan of ${formatZAR(a.loanCents)}` : null,
    a.ownerFundingCents > 0 ? `${formatZAR(a.ownerFundingCents)} from the owners` : null,
  ].filter(Boolean);
  return [
    ['Funder', funderLabels[f.funder]],
    ['Funding', asked.length > 0 ? asked.join(', with ') : 'no amount entered yet'],
    [
      'B-BBEE ownership',
      `black ownership ${wholePercent(f.blackOwnershipBeforePercent)} before the funding, ${wholePercent(f.blackOwnershipAfterPercent)} after (black women ${wholePercent(f.blackWomenOwnershipAfterPercent)})`,
    ],
    [
      'Jobs',
      `${f.jobsNow} today; ${f.jobsCreated} more created with the funding within three years`,
    ],
    ['Tax', taxStatusLabels[f.taxStatus]],
    [
      'Loan repayments',
      a.loanCents > 0
        ? `${formatZAR(projection.monthlyLoanInstalment)} a month from month 2, over ${a.loanTermMonths} months at ${a.loanInterestPercent}%`
        : 'no loan',
    ],
  ];
}
