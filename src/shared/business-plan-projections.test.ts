import { describe, expect, it } from 'vitest';
import { emptyAssumptions, type PlanAssumptions } from './business-plans.schemas.ts';
import { breakEvenText, loanInstalment, projectPlan } from './business-plan-projections.ts';
import { companyIncomeTax } from './business-plan-tax.ts';

// R100 a unit, 100 units a month, 40% cost of sales; R3 000 salaries, R1 000 rent, R500 other;
// R5 000 start-up costs; R2 000 from the owner. Worked by hand below.
const shop: PlanAssumptions = {
  ...emptyAssumptions,
  products: [
    {
      name: 'Coffee',
      unitPriceCents: 10_000,
      unitsPerMonth: 100,
      monthlyGrowthPercent: 0,
      costOfSalesPercent: 40,
    },
  ],
  salariesCents: 300_000,
  rentCents: 100_000,
  otherCostsCents: 50_000,
  costEscalationPercent: 0,
  startupCostsCents: 500_000,
  ownerFundingCents: 200_000,
  smallBusinessCorporation: false,
};

describe('company income tax', () => {
  it('is 27% for an ordinary company', () => {
    expect(companyIncomeTax(65_000_000, false)).toBe(17_550_000);
  });

  it('follows the SARS small business corporation table', () => {
    expect(companyIncomeTax(9_575_000, true)).toBe(0); // R95 750: nothing
    expect(companyIncomeTax(10_000_000, true)).toBe(29_750); // 7% of R4 250 = R297.50
    expect(companyIncomeTax(40_000_000, true)).toBe(2_619_800); // R18 848 + 21% of R35 000
    expect(companyIncomeTax(65_000_000, true)).toBe(8_469_800); // R57 698 + 27% of R100 000
    expect(companyIncomeTax(-100, true)).toBe(0);
  });
});

describe('loan instalment', () => {
  it('amortises R100 000 at 12% over 12 months at R8 884.88', () => {
    expect(loanInstalment(10_000_000, 12, 12)).toBe(888_488);
    expect(loanInstalment(1_200_000, 0, 12)).toBe(100_000);
    expect(loanInstalment(0, 12, 12)).toBe(0);
  });

  it('is paid off within the term, interest in profit and loss', () => {
    const p = projectPlan({
      ...shop,
      loanCents: 10_000_000,
      loanInterestPercent: 12,
      loanTermMonths: 12,
    });
    expect(p.months[0]!.loanInterest).toBe(0);
    expect(p.months[1]!.loanInterest).toBe(100_000); // 1% of R100 000
    expect(p.months[0]!.loanBalance).toBe(10_000_000);
    expect(p.months[1]!.loanBalance).toBe(10_000_000 - (888_488 - 100_000));
    expect(p.months[12]!.loanBalance).toBe(0);
    expect(p.years[0]!.loanInterest).toBeGreaterThan(0);
    expect(p.months.slice(13).every((m) => m.loanInterest === 0)).toBe(true);
  });
});

describe('the projection', () => {
  const p = projectPlan(shop);

  it('works out profit month by month', () => {
    expect(p.months).toHaveLength(36);
    expect(p.months[0]).toMatchObject({
      revenue: 1_000_000,
      costOfSales: 400_000,
      grossProfit: 600_000,
      operatingCosts: 450_000,
      startupCosts: 500_000,
      profitBeforeTax: -350_000,
      vatPayable: 0,
    });
    expect(p.months[1]!.profitBeforeTax).toBe(150_000);
    expect(p.breakEvenMonth).toBe(2);
  });

  it('taxes each year at 27% in its last month', () => {
    // Year 1: -R3 500 + 11 × R1 500 = R13 000 → R3 510; year 2: R18 000 → R4 860.
    expect(p.years[0]).toMatchObject({ profitBeforeTax: 1_300_000, incomeTax: 351_000 });
    expect(p.months[11]!.incomeTax).toBe(351_000);
    expect(p.months.slice(0, 11).every((m) => m.incomeTax === 0)).toBe(true);
    expect(p.years[1]).toMatchObject({ profitBeforeTax: 1_800_000, incomeTax: 486_000 });
  });

  it('follows the cash, and says how much funding the business needs', () => {
    // Month 1: R10 000 in + R2 000 funding, R13 500 out.
    expect(p.months[0]).toMatchObject({
      cashIn: 1_200_000,
      cashOut: 1_350_000,
      closingCash: -150_000,
    });
    // Months 2–11 add R1 500 each; month 12 pays R3 510 tax.
    expect(p.months[11]!.closingCash).toBe(-150_000 + 11 * 150_000 - 351_000);
    expect(p.fundingNeed).toBe(350_000);
    expect(p.lowestCash).toBe(-150_000);
  });

  it('charges no tax for a small business corporation under the threshold', () => {
    expect(projectPlan({ ...shop, smallBusinessCorporation: true }).years[0]!.incomeTax).toBe(0);
  });

  it('carries an assessed loss forward', () => {
    // Year 1 loses R50 000 more (start-up R55 000); year 2 earns R18 000: no tax until the loss is used.
    const lossy = projectPlan({ ...shop, startupCostsCents: 5_500_000 });
    expect(lossy.years[0]!.profitBeforeTax).toBe(1_300_000 - 5_000_000);
    expect(lossy.years[0]!.incomeTax).toBe(0);
    expect(lossy.years[1]!.incomeTax).toBe(0); // R18 000 - R37 000 loss
    // Year 3: R18 000 - R19 000 loss left → still none; a bigger year 3 would pay.
    expect(lossy.years[2]!.incomeTax).toBe(0);
  });

  it('adds VAT when registered, settled the month after, and customers paying in 30 days', () => {
    const v = projectPlan({
      ...shop,
      vatRegistered: true,
      customerPaymentDays: 30,
      ownerFundingCents: 0,
    });
    // Output VAT R1 500; input VAT 15% of (R4 000 + R1 500 + R5 000) = R1 575.
    expect(v.months[0]!.vatPayable).toBe(-7_500);
    expect(v.months[0]!.cashIn).toBe(0);
    expect(v.months[0]!.cashOut).toBe(400_000 + 150_000 + 500_000 + 157_500 + 300_000);
    // Month 2: month 1's sales arrive with VAT; the R75 refund comes off what is paid out.
    expect(v.months[1]!.vatPayable).toBe(150_000 - 82_500);
    expect(v.months[1]!.cashIn).toBe(1_150_000);
    expect(v.months[1]!.cashOut).toBe(400_000 + 150_000 + 82_500 + 300_000 - 7_500);
    // Profit is worked out without VAT either way.
    expect(v.years[0]!.profitBeforeTax).toBe(p.years[0]!.profitBeforeTax);
  });

  it('grows sales month on month and raises costs once a year', () => {
    const g = projectPlan({
      ...shop,
      products: [{ ...shop.products[0]!, monthlyGrowthPercent: 10 }],
      costEscalationPercent: 10,
    });
    expect(g.months[1]!.revenue).toBe(1_100_000);
    expect(g.months[2]!.revenue).toBe(1_210_000);
    expect(g.months[11]!.operatingCosts).toBe(450_000);
    expect(g.months[12]!.operatingCosts).toBe(495_000);
    expect(g.months[24]!.operatingCosts).toBe(544_500);
  });

  it('has no break-even when it never makes a profit', () => {
    const losing = projectPlan({ ...shop, salariesCents: 1_000_000 });
    expect(losing.breakEvenMonth).toBeNull();
    expect(breakEvenText(losing)).toBe('Not within 36 months');
    expect(losing.fundingNeed).toBeGreaterThan(0);
  });

  it('has no break-even on a plan whose figures are all zero: it asks for sales', () => {
    const empty = projectPlan(emptyAssumptions);
    expect(empty.breakEvenMonth).toBeNull();
    expect(empty.hasSales).toBe(false);
    expect(breakEvenText(empty)).toBe('Add your sales to see it');
    expect(breakEvenText(projectPlan(shop))).toBe('Month 2');
  });
});
