import type { PlanAssumptions } from './business-plans.schemas.ts';
import { companyIncomeTax } from './business-plan-tax.ts';
import { VAT_RATE_PERCENT } from './money.ts';

export const PROJECTION_MONTHS = 36;

/** One month (or a year's sum) of the projection; every amount integer cents, excl. VAT. */
export interface ProjectionRow {
  revenue: number;
  costOfSales: number;
  grossProfit: number;
  /** Salaries, rent and other monthly costs. */
  operatingCosts: number;
  startupCosts: number;
  loanInterest: number;
  profitBeforeTax: number;
  incomeTax: number;
  profitAfterTax: number;
  /** Output VAT less input VAT of the month (negative: a refund); zero when not registered. */
  vatPayable: number;
  cashIn: number;
  cashOut: number;
  netCashFlow: number;
  /** Cash at the end of the period, funding included. */
  closingCash: number;
  /** What is owed on the loan at the end of the period. */
  loanBalance: number;
  /** Cash flow statement: trading (interest and tax included), assets bought, funding. */
  operatingCashFlow: number;
  investingCashFlow: number;
  financingCashFlow: number;
  /** Balance sheet at the period's end: customers' invoices (VAT included) not yet collected. */
  receivables: number;
  /** The period's VAT, paid to SARS the month after. */
  vatOwed: number;
  ownerCapital: number;
  /** Profit after tax of every month so far. */
  retainedEarnings: number;
  totalAssets: number;
  totalLiabilitiesAndEquity: number;
}

interface StatementLine {
  key: keyof ProjectionRow;
  label: string;
  strong?: boolean;
}

/** The profit and loss statement's lines, in order (the page and the PDF). */
export const profitAndLossLines: StatementLine[] = [
  { key: 'revenue', label: 'Revenue' },
  { key: 'costOfSales', label: 'Cost of sales' },
  { key: 'grossProfit', label: 'Gross profit', strong: true },
  { key: 'operatingCosts', label: 'Operating costs' },
  { key: 'startupCosts', label: 'Start-up costs' },
  { key: 'loanInterest', label: 'Loan interest' },
  { key: 'profitBeforeTax', label: 'Profit before tax', strong: true },
  { key: 'incomeTax', label: 'Income tax' },
  { key: 'profitAfterTax', label: 'Profit after tax', strong: true },
];

/** The cash flow statement's lines: where the period's cash came from and went. */
export const cashFlowLines: StatementLine[] = [
  { key: 'operatingCashFlow', label: 'Operating activities' },
  { key: 'investingCashFlow', label: 'Investing activities' },
  { key: 'financingCashFlow', label: 'Financing activities' },
  { key: 'netCashFlow', label: 'Net cash flow', strong: true },
  { key: 'closingCash', label: 'Cash at period end', strong: true },
];

/** The balance sheet's lines at the period's end. */
export const balanceSheetLines: StatementLine[] = [
  { key: 'closingCash', label: 'Cash' },
  { key: 'receivables', label: 'Owed by customers' },
  { key: 'totalAssets', label: 'Total assets', strong: true },
  { key: 'vatOwed', label: 'VAT owed to SARS' },
  { key: 'loanBalance', label: 'Loan' },
  { key: 'ownerCapital', label: "Owner's capital" },
  { key: 'retainedEarnings', label: 'Retained earnings' },
  { key: 'totalLiabilitiesAndEquity', label: 'Total liabilities and equity', strong: true },
];

export interface Projection {
  months: (ProjectionRow & { month: number })[];
  years: (ProjectionRow & { year: number })[];
  /**
   * First month from which profit before tax never falls below zero again; null when that is not
   * within 36 months, or when the plan has no sales yet (all zero is no break-even).
   */
  breakEvenMonth: number | null;
  /** Whether any month has sales: a plan without them has nothing to break even on. */
  hasSales: boolean;
  /** Cash the business needs put in before it pays its own way: the deepest cumulative shortfall
   *  of its trading cash flow (funding left out). */
  fundingNeed: number;
  /** Lowest month-end cash with the planned funding; below zero means the funding falls short. */
  lowestCash: number;
  monthlyLoanInstalment: number;
}

/** What a period adds up (a year is the sum of its months); the rest are as at its end. */
const flowKeys = [
  'revenue',
  'costOfSales',
  'grossProfit',
  'operatingCosts',
  'startupCosts',
  'loanInterest',
  'profitBeforeTax',
  'incomeTax',
  'profitAfterTax',
  'vatPayable',
  'cashIn',
  'cashOut',
  'netCashFlow',
  'operatingCashFlow',
  'investingCashFlow',
  'financingCashFlow',
] as const satisfies (keyof ProjectionRow)[];

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);
const vatOn = (cents: number, registered: boolean) =>
  registered ? percentOf(cents, VAT_RATE_PERCENT) : 0;

/** Fixed instalment of an amortising loan (annuity), rounded to the cent. */
export function loanInstalment(
  principal: number,
  annualRatePercent: number,
  months: number,
): number {
  if (principal <= 0) return 0;
  const rate = annualRatePercent / 100 / 12;
  if (rate === 0) return Math.ceil(principal / months);
  return Math.round((principal * rate) / (1 - (1 + rate) ** -months));
}

/**
 * Works out 36 months from the assumptions. Conventions a reader of the plan is told: funding
 * arrives in month 1 and loan instalments start in month 2; costs rise once a year (months 13 and
 * 25); cost of sales, rent, other costs and start-up costs carry input VAT, salaries do not; VAT
 * of a month is settled the month after; customers pay `customerPaymentDays` later (30 days = one
 * month); income tax is worked out per 12-month year on its profit less any assessed loss carried
 * forward, and falls in the year's last month.
 */
export function projectPlan(a: PlanAssumptions): Projection {
  const instalment = loanInstalment(a.loanCents, a.loanInterestPercent, a.loanTermMonths);
  const monthlyRate = a.loanInterestPercent / 100 / 12;
  const paymentLag = a.customerPaymentDays / 30;
  let loanBalance = a.loanCents;
  let assessedLoss = 0;
  let yearProfit = 0;
  let vatDue = 0;
  let cash = 0;
  let retainedEarnings = 0;
  let collectedSoFar = 0;
  let invoicedSoFar = 0;
  let tradingCash = 0;
  let lowestTradingCash = 0;
  const revenueByMonth: number[] = [];
  const months: Projection['months'] = [];

  for (let month = 1; month <= PROJECTION_MONTHS; month++) {
    const growth = (p: PlanAssumptions['products'][number]) =>
      (1 + p.monthlyGrowthPercent / 100) ** (month - 1);
    const sales = a.products.map((p) => Math.round(p.unitPriceCents * p.unitsPerMonth * growth(p)));
    const revenue = sum(sales);
    const costOfSales = sum(sales.map((s, i) => percentOf(s, a.products[i]!.costOfSalesPercent)));
    const escalation = (1 + a.costEscalationPercent / 100) ** Math.floor((month - 1) / 12);
    const salaries = Math.round(a.salariesCents * escalation);
    const premises =
      Math.round(a.rentCents * escalation) + Math.round(a.otherCostsCents * escalation);
    const startupCosts = month === 1 ? a.startupCostsCents : 0;

    let loanInterest = 0;
    let loanPayment = 0;
    if (month > 1 && loanBalance > 0) {
      loanInterest = Math.round(loanBalance * monthlyRate);
      loanPayment = Math.min(instalment, loanBalance + loanInterest);
      loanBalance -= loanPayment - loanInterest;
    }
    const capitalRepaid = loanPayment - loanInterest;

    const grossProfit = revenue - costOfSales;
    const operatingCosts = salaries + premises;
    const profitBeforeTax = grossProfit - operatingCosts - startupCosts - loanInterest;
    yearProfit += profitBeforeTax;
    let incomeTax = 0;
    if (month % 12 === 0) {
      const taxable = yearProfit - assessedLoss;
      incomeTax = companyIncomeTax(taxable, a.smallBusinessCorporation);
      assessedLoss = taxable < 0 ? -taxable : 0;
      yearProfit = 0;
    }

    const vatPayable =
      vatOn(revenue, a.vatRegistered) -
      vatOn(costOfSales + premises + startupCosts, a.vatRegistered);
    revenueByMonth.push(revenue + vatOn(revenue, a.vatRegistered));
    const collected = month > paymentLag ? revenueByMonth[month - 1 - paymentLag]! : 0;
    const funding = month === 1 ? a.ownerFundingCents + a.loanCents : 0;
    const tradingOut =
      costOfSales +
      premises +
      startupCosts +
      vatOn(costOfSales + premises + startupCosts, a.vatRegistered) +
      salaries +
      vatDue +
      incomeTax;
    const cashIn = collected + funding;
    const cashOut = tradingOut + loanPayment;
    vatDue = vatPayable;
    cash += cashIn - cashOut;
    const profitAfterTax = profitBeforeTax - incomeTax;
    retainedEarnings += profitAfterTax;
    invoicedSoFar += revenueByMonth[month - 1]!;
    collectedSoFar += collected;
    const financingCashFlow = funding - capitalRepaid;
    const receivables = invoicedSoFar - collectedSoFar;
    tradingCash += collected - tradingOut;
    lowestTradingCash = Math.min(lowestTradingCash, tradingCash);

    months.push({
      month,
      revenue,
      costOfSales,
      grossProfit,
      operatingCosts,
      startupCosts,
      loanInterest,
      profitBeforeTax,
      incomeTax,
      profitAfterTax,
      vatPayable,
      cashIn,
      cashOut,
      netCashFlow: cashIn - cashOut,
      closingCash: cash,
      loanBalance,
      // Interest is paid from trading; start-up costs are expensed, so nothing is invested.
      operatingCashFlow: cashIn - cashOut - financingCashFlow,
      investingCashFlow: 0,
      financingCashFlow,
      receivables,
      vatOwed: vatDue,
      ownerCapital: a.ownerFundingCents,
      retainedEarnings,
      totalAssets: cash + receivables,
      totalLiabilitiesAndEquity: vatDue + loanBalance + a.ownerFundingCents + retainedEarnings,
    });
  }

  const years = [1, 2, 3].map((year) => {
    const slice = months.slice((year - 1) * 12, year * 12);
    const total = (key: keyof ProjectionRow) => sum(slice.map((m) => m[key]));
    const { month: _month, ...yearEnd } = slice.at(-1)!;
    void _month;
    return {
      // Balance sheet lines as at the year's end; the flows of the year summed.
      ...yearEnd,
      year,
      ...Object.fromEntries(flowKeys.map((key) => [key, total(key)])),
    } as ProjectionRow & { year: number };
  });

  const lastLoss = months.findLastIndex((m) => m.profitBeforeTax < 0);
  const hasSales = months.some((m) => m.revenue > 0);
  return {
    months,
    years,
    breakEvenMonth: !hasSales || lastLoss === PROJECTION_MONTHS - 1 ? null : lastLoss + 2,
    hasSales,
    fundingNeed: 0 - lowestTradingCash,
    lowestCash: Math.min(...months.map((m) => m.closingCash)),
    monthlyLoanInstalment: instalment,
  };
}

function sum(values: number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

/** How the plan states its break-even: the month, "not within 36 months", or that it needs sales. */
export const breakEvenText = (projection: Projection): string =>
  projection.breakEvenMonth
    ? `Month ${projection.breakEvenMonth}`
    : projection.hasSales
      ? 'Not within 36 months'
      : 'Add your sales to see it';
