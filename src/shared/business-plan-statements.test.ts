import { describe, expect, it } from 'vitest';
import {
  emptyAssumptions,
  noFunding,
  paymentTermsDays,
  type PlanAssumptions,
} from './business-plans.schemas.ts';
import { projectPlan } from './business-plan-projections.ts';
import { lenderVerdict, planRatios } from './business-plan-ratios.ts';

/** A small seeded generator (mulberry32), so a failing case can be replayed from its seed. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * (max + 1));
  return { int, pick: <T>(items: readonly T[]) => items[int(items.length - 1)]! };
}

function randomAssumptions(seed: number): PlanAssumptions {
  const { int, pick } = generator(seed);
  return {
    products: Array.from({ length: int(3) }, (_, index) => ({
      name: `Product ${index + 1}`,
      unitPriceCents: int(500_000),
      unitsPerMonth: int(400),
      monthlyGrowthPercent: int(80) / 10,
      costOfSalesPercent: int(90),
    })),
    salariesCents: int(8_000_000),
    rentCents: int(2_000_000),
    otherCostsCents: int(1_000_000),
    costEscalationPercent: int(15),
    startupCostsCents: int(20_000_000),
    ownerFundingCents: int(10_000_000),
    loanCents: pick([0, int(50_000_000)]),
    loanInterestPercent: int(250) / 10,
    loanTermMonths: 1 + int(119),
    vatRegistered: pick([true, false]),
    customerPaymentDays: pick(paymentTermsDays),
    smallBusinessCorporation: pick([true, false]),
    funding: noFunding,
  };
}

describe('the three statements', () => {
  it('balance every month and every year, and the cash flow statement adds up, for 300 random plans', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const plan = projectPlan(randomAssumptions(seed));
      let cash = 0;
      for (const period of [...plan.months, ...plan.years]) {
        const where = `seed ${seed}, ${'month' in period ? `month ${period.month}` : `year ${period.year}`}`;
        expect(period.totalAssets, where).toBe(period.totalLiabilitiesAndEquity);
        expect(
          period.operatingCashFlow + period.investingCashFlow + period.financingCashFlow,
          where,
        ).toBe(period.netCashFlow);
      }
      for (const month of plan.months) {
        cash += month.netCashFlow;
        expect(month.closingCash, `seed ${seed}, month ${month.month}`).toBe(cash);
      }
      // A year's balance sheet is its last month's; its flows are its months' sum.
      expect(plan.years[2]!.retainedEarnings).toBe(
        plan.months.reduce((sum, month) => sum + month.profitAfterTax, 0),
      );
    }
  });

  it('works a simple plan by hand: customers on 30 days, VAT registered, a loan', () => {
    const plan = projectPlan({
      ...emptyAssumptions,
      products: [
        {
          name: 'Consulting',
          unitPriceCents: 100_000,
          unitsPerMonth: 10,
          monthlyGrowthPercent: 0,
          costOfSalesPercent: 0,
        },
      ],
      salariesCents: 500_000,
      costEscalationPercent: 0,
      ownerFundingCents: 1_000_000,
      loanCents: 1_200_000,
      loanInterestPercent: 0,
      loanTermMonths: 12,
      vatRegistered: true,
      customerPaymentDays: 30,
      smallBusinessCorporation: true,
    });
    const [first, second] = plan.months;
    // Month 1: R10 000 invoiced (R11 500 with VAT), nothing collected yet; salaries R5 000 paid;
    // R10 000 from the owner and R12 000 lent. VAT of R1 500 is owed to SARS next month.
    expect(first).toMatchObject({
      receivables: 1_150_000,
      vatOwed: 150_000,
      operatingCashFlow: -500_000,
      financingCashFlow: 2_200_000,
      closingCash: 1_700_000,
      loanBalance: 1_200_000,
      retainedEarnings: 500_000,
      totalAssets: 2_850_000,
    });
    // Month 2: month 1's R11 500 collected, its VAT paid, salaries paid; R1 000 of the loan repaid.
    expect(second).toMatchObject({
      receivables: 1_150_000,
      operatingCashFlow: 1_150_000 - 150_000 - 500_000,
      financingCashFlow: -100_000,
      loanBalance: 1_100_000,
    });
  });
});

describe('ratios and what a lender would say', () => {
  it('reads margins, cover and liquidity from the statements', () => {
    const a: PlanAssumptions = {
      ...emptyAssumptions,
      products: [
        {
          name: 'Meals',
          unitPriceCents: 10_000,
          unitsPerMonth: 1_000,
          monthlyGrowthPercent: 0,
          costOfSalesPercent: 40,
        },
      ],
      salariesCents: 2_000_000,
      costEscalationPercent: 0,
      ownerFundingCents: 5_000_000,
      loanCents: 12_000_000,
      loanInterestPercent: 12,
      loanTermMonths: 36,
      smallBusinessCorporation: false,
    };
    const plan = projectPlan(a);
    const [year1] = planRatios(plan, a);
    // R1.2m sales, 40% cost of sales: a 60% gross margin.
    expect(year1!.grossMarginPercent).toBe(60);
    expect(year1!.netMarginPercent).toBeCloseTo(
      (plan.years[0]!.profitAfterTax / plan.years[0]!.revenue) * 100,
      1,
    );
    expect(year1!.debtServiceCover).toBeGreaterThan(1.25);
    expect(lenderVerdict(year1!)).toMatch(
      /^Trading cash covers the loan repayments \d+,\d\d× over: a lender would be comfortable\./,
    );

    const noSales = planRatios(projectPlan({ ...a, products: [] }), a)[0]!;
    expect(noSales.grossMarginPercent).toBeNull();
    expect(noSales.debtServiceCover!).toBeLessThan(0);
    expect(lenderVerdict(noSales)).toContain('Trading cash does not cover the loan repayments');

    const noLoan = planRatios(projectPlan({ ...a, loanCents: 0 }), { ...a, loanCents: 0 })[0]!;
    expect(noLoan.debtServiceCover).toBeNull();
    expect(lenderVerdict(noLoan)).toContain('No loan repayments fall in this year.');
  });
});
