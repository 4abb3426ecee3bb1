import { describe, expect, it } from 'vitest';
import {
  emptyAssumptions,
  planAssumptionsSchema,
  type PlanAssumptions,
} from './business-plans.schemas.ts';
import { fundingFacts, repaymentSchedule } from './business-plan-funding.ts';
import { projectPlan } from './business-plan-projections.ts';

const withLoan = (loanCents: number, loanTermMonths: number): PlanAssumptions => ({
  ...emptyAssumptions,
  ownerFundingCents: 5_000_000,
  loanCents,
  loanInterestPercent: 12,
  loanTermMonths,
});

describe('the funder section', () => {
  it('repays a 24-month loan from month 2: 11 instalments in year 1, 12 in year 2, the last in year 3', () => {
    const a = withLoan(10_000_000, 24);
    const projection = projectPlan(a);
    const schedule = repaymentSchedule(a, projection)!;
    // R100 000 at 12% a year (1% a month) over 24 months: an annuity of R4 707,35.
    expect(projection.monthlyLoanInstalment).toBe(470_735);
    const [y1, y2, y3] = schedule.years;
    expect(y1!.instalments).toBe(11 * 470_735);
    expect(y2!.instalments).toBe(12 * 470_735);
    // The last instalment settles what is left (rounding), and nothing is owed after it.
    expect(Math.abs(y3!.instalments - 470_735)).toBeLessThan(100);
    expect(y3!.owedAtEnd).toBe(0);
    expect(schedule.years.reduce((sum, y) => sum + y.capital, 0)).toBe(10_000_000);
    for (const y of schedule.years) expect(y.instalments).toBe(y.interest + y.capital);
    // Year 1's interest is the first month's 1% on R100 000 … and so on, less than 12 months of it.
    expect(y1!.interest).toBeGreaterThan(0);
    expect(y1!.interest).toBeLessThan(12 * 100_000);
  });

  it('says what is still owed when the loan runs past the three years', () => {
    const a = withLoan(10_000_000, 60);
    const schedule = repaymentSchedule(a, projectPlan(a))!;
    expect(schedule.owedAfterProjection).toBeGreaterThan(0);
    expect(schedule.owedAfterProjection).toBe(schedule.years[2]!.owedAtEnd);
    expect(repaymentSchedule(emptyAssumptions, projectPlan(emptyAssumptions))).toBeNull();
  });

  it('puts the funder’s questions in words, and none when the plan asks no one', () => {
    expect(fundingFacts(emptyAssumptions, projectPlan(emptyAssumptions))).toBeNull();
    const a: PlanAssumptions = {
      ...withLoan(25_000_000, 36),
      funding: {
        funder: 'nef',
        blackOwnershipBeforePercent: 30,
        blackOwnershipAfterPercent: 51,
        blackWomenOwnershipAfterPercent: 26,
        jobsNow: 4,
        jobsCreated: 6,
        taxStatus: 'compliant',
      },
    };
    const facts = Object.fromEntries(fundingFacts(a, projectPlan(a))!);
    expect(facts).toMatchObject({
      Funder: 'NEF (National Empowerment Fund)',
      'B-BBEE ownership': 'black ownership 30% before the funding, 51% after (black women 26%)',
      Jobs: '4 today; 6 more created with the funding within three years',
    });
    expect(facts.Funding).toMatch(/^a loan of R\s250\s000,00, with R\s50\s000,00 from the owners$/);
  });

  it('refuses more black women ownership than black ownership', () => {
    const result = planAssumptionsSchema.safeParse({
      ...emptyAssumptions,
      funding: {
        ...emptyAssumptions.funding,
        funder: 'sefa',
        blackOwnershipAfterPercent: 40,
        blackWomenOwnershipAfterPercent: 60,
      },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Black women ownership is part of black ownership, so it cannot be more',
    );
  });
});
