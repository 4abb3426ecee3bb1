/**
 * What a business plan's documents say, worked out once for every format (the PDF and the Word
 * file): the written sections, the assumptions in words, the summary, the three statements by
 * year and month, and the ratios with a lender's verdict. Each format only lays it out.
 */
import { formatDate } from './dates.ts';
import { formatZAR } from './money.ts';
import {
  emptyAssumptions,
  emptySections,
  type PlanAssumptions,
  type PlanSection,
  type PlanSections,
} from './business-plans.schemas.ts';
import { planSectionGuide } from './business-plan-guide.ts';
import {
  balanceSheetLines,
  breakEvenText,
  cashFlowLines,
  profitAndLossLines,
  projectPlan,
  type Projection,
  type ProjectionRow,
} from './business-plan-projections.ts';
import { lenderVerdict, percentText, planRatios, ratioText } from './business-plan-ratios.ts';
import { COMPANY_TAX_RATE_PERCENT, SMALL_BUSINESS_CORPORATION_TABLE } from './business-plan-tax.ts';
import { vatThresholdWarning } from './vat-registration.ts';
import { fundingFacts, repaymentRows, repaymentSchedule } from './business-plan-funding.ts';

export interface PlanDocumentInput {
  name: string;
  businessName: string;
  sections: PlanSections;
  assumptions: PlanAssumptions;
  updatedAt: Date;
}

/** A table of figures: its column heads and rows, values already in words. */
export interface FiguresTable {
  title: string;
  columns: string[];
  rows: { label: string; values: string[]; strong?: boolean }[];
}

/** Rand without cents for the dense tables ("R 12 345"); negative amounts in brackets. */
export const wholeRand = (cents: number): string => {
  const text = formatZAR(Math.round(Math.abs(cents) / 100) * 100).replace(/,00$/, '');
  return cents < 0 ? `(${text})` : text;
};

const statementRows = (lines: typeof profitAndLossLines, periods: ProjectionRow[]) =>
  lines.map((line) => ({
    label: line.label,
    ...(line.strong ? { strong: true } : {}),
    values: periods.map((period) => wholeRand(period[line.key])),
  }));

const yearColumns = ['Year 1', 'Year 2', 'Year 3'];

function assumptionFacts(a: PlanAssumptions, projection: Projection): [string, string][] {
  return [
    ...a.products.map((p): [string, string] => [
      p.name || 'Product',
      `${formatZAR(p.unitPriceCents)} a unit, ${p.unitsPerMonth} a month in month 1, growing ${p.monthlyGrowthPercent}% a month; cost of sales ${p.costOfSalesPercent}%`,
    ]),
    ['Salaries', `${formatZAR(a.salariesCents)} a month`],
    ['Rent', `${formatZAR(a.rentCents)} a month`],
    ['Other costs', `${formatZAR(a.otherCostsCents)} a month`],
    ['Yearly cost increase', `${a.costEscalationPercent}% (from months 13 and 25)`],
    ['Start-up costs', `${formatZAR(a.startupCostsCents)} in month 1`],
    ['Owner funding', formatZAR(a.ownerFundingCents)],
    [
      'Loan',
      a.loanCents > 0
        ? `${formatZAR(a.loanCents)} at ${a.loanInterestPercent}% over ${a.loanTermMonths} months: ${formatZAR(projection.monthlyLoanInstalment)} a month from month 2`
        : 'none',
    ],
    [
      'VAT',
      a.vatRegistered
        ? 'registered: 15% on sales, input VAT claimed, settled the month after'
        : 'not registered',
    ],
    [
      'Customers pay',
      a.customerPaymentDays === 0 ? 'at the time of sale' : `after ${a.customerPaymentDays} days`,
    ],
    [
      'Income tax',
      a.smallBusinessCorporation
        ? SMALL_BUSINESS_CORPORATION_TABLE.label
        : `${COMPANY_TAX_RATE_PERCENT}% company rate`,
    ],
  ];
}

/** Everything a plan's document says, in reading order; `today` dates the VAT threshold rule. */
export function planDocument(plan: PlanDocumentInput, today: string) {
  const sections = { ...emptySections, ...plan.sections };
  const assumptions = { ...emptyAssumptions, ...plan.assumptions };
  const projection = projectPlan(assumptions);
  const ratios = planRatios(projection, assumptions);
  const funding = fundingFacts(assumptions, projection);
  const schedule = repaymentSchedule(assumptions, projection);
  const written = (
    Object.entries(planSectionGuide) as [PlanSection, (typeof planSectionGuide)[PlanSection]][]
  ).map(([key, guide]) => ({ title: guide.title, text: sections[key].trim() }));
  return {
    title: plan.businessName || plan.name,
    name: plan.name,
    date: formatDate(plan.updatedAt),
    projection,
    written,
    contents: [
      ...written.map((section) => section.title),
      'Financial assumptions',
      ...(funding ? ['Funding application'] : []),
      'Three-year summary',
      'Cash flow, balance sheet and ratios',
      'Monthly statements',
    ],
    facts: assumptionFacts(assumptions, projection),
    funding,
    repayments: schedule
      ? ({
          title: 'Loan repayment schedule',
          columns: schedule.years.map((y) => `Year ${y.year}`),
          rows: repaymentRows(schedule, wholeRand),
        } satisfies FiguresTable)
      : null,
    summary: [
      ['Break-even', breakEvenText(projection)],
      ['Funding the business needs', formatZAR(projection.fundingNeed)],
      [
        'Lowest cash with the planned funding',
        `${formatZAR(projection.lowestCash)}${projection.lowestCash < 0 ? ' (the funding falls short)' : ''}`,
      ],
    ] as [string, string][],
    vatWarning: vatThresholdWarning(projection, assumptions.vatRegistered, today)?.text ?? null,
    profitAndLoss: {
      title: 'Profit and loss',
      columns: yearColumns,
      rows: statementRows(profitAndLossLines, projection.years),
    } satisfies FiguresTable,
    cashFlow: {
      title: 'Cash flow',
      columns: yearColumns,
      rows: statementRows(cashFlowLines, projection.years),
    } satisfies FiguresTable,
    balanceSheet: {
      title: 'Balance sheet at year end',
      columns: yearColumns,
      rows: statementRows(balanceSheetLines, projection.years),
    } satisfies FiguresTable,
    ratios: {
      title: 'Key ratios',
      columns: yearColumns,
      rows: [
        { label: 'Gross margin', values: ratios.map((r) => percentText(r.grossMarginPercent)) },
        { label: 'Net margin', values: ratios.map((r) => percentText(r.netMarginPercent)) },
        { label: 'Current ratio', values: ratios.map((r) => ratioText(r.currentRatio)) },
        { label: 'Debt service cover', values: ratios.map((r) => ratioText(r.debtServiceCover)) },
      ],
    } satisfies FiguresTable,
    verdicts: ratios.map((r) => ({ year: r.year, text: lenderVerdict(r) })),
    statementsNote:
      'Operating cash flow includes VAT, interest and tax paid; financing is the funding received less loan capital repaid. Start-up costs are expensed in month 1, so the business holds no equipment and invests nothing. Assets equal liabilities and equity in every month.',
    monthly: [1, 2, 3].map((year) => {
      const months = projection.months.slice((year - 1) * 12, year * 12);
      const columns = months.map((m) => `M${m.month}`);
      return {
        year,
        tables: [
          { title: 'Profit and loss', lines: profitAndLossLines },
          { title: 'Cash flow', lines: cashFlowLines },
          { title: 'Balance sheet', lines: balanceSheetLines },
        ].map(({ title, lines }): FiguresTable => ({
          title,
          columns,
          rows: statementRows(lines, months),
        })),
      };
    }),
    monthlyNote:
      'Profit lines exclude VAT; cash lines include it (when registered). Rounded to the rand; brackets are negative.',
  };
}

export type PlanDocument = ReturnType<typeof planDocument>;
