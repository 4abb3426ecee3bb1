import { describe, expect, it } from 'vitest';
import { emptyAssumptions } from './business-plans.schemas.ts';
import { projectPlan } from './business-plan-projections.ts';
import { formatZAR } from './money.ts';
import { vatThresholdOn, vatThresholdWarning } from './vat-registration.ts';

describe('the VAT registration threshold', () => {
  it('is R1 million until 31 March 2026 and R2.3 million from 1 April 2026', () => {
    expect(vatThresholdOn('2026-03-31').compulsoryCents).toBe(100_000_000);
    expect(vatThresholdOn('2026-04-01').compulsoryCents).toBe(230_000_000);
    expect(vatThresholdOn('2026-04-01').voluntaryCents).toBe(12_000_000);
  });
});

/** A plan selling `units` a month at R1 000 each, growing `growth`% a month, no VAT. */
const plan = (units: number, growth: number, vatRegistered = false) => {
  const assumptions = {
    ...emptyAssumptions,
    products: [
      {
        name: 'Bookkeeping',
        unitPriceCents: 100_000,
        unitsPerMonth: units,
        monthlyGrowthPercent: growth,
        costOfSalesPercent: 20,
      },
    ],
    vatRegistered,
  };
  return { projection: projectPlan(assumptions), vatRegistered };
};

describe('a plan told of the threshold', () => {
  it('must register from the first month whose 12 months to date pass it', () => {
    // 200 a month at R1 000: R2.4 million by month 12, past R2.3 million only then.
    const { projection } = plan(200, 0);
    const warning = vatThresholdWarning(projection, false, '2026-11-27');
    expect(warning).toMatchObject({
      kind: 'must_register',
      month: 12,
      salesCents: 240_000_000,
      thresholdCents: 230_000_000,
    });
    expect(warning!.text).toContain(
      `Your sales pass ${formatZAR(230_000_000)} in the 12 months to month 12`,
    );
    // 100 a month growing 10% a month: R2.14 million in months 1–12, then R2.35 million in the
    // 12 months to month 13 (month 1 drops out of the window as month 13 comes in).
    expect(vatThresholdWarning(plan(100, 10).projection, false, '2026-11-27')).toMatchObject({
      kind: 'must_register',
      month: 13,
    });
    // Under the old R1 million, the first plan crossed in month 6 (R1.2 million).
    expect(vatThresholdWarning(projection, false, '2026-03-31')).toMatchObject({ month: 6 });
  });

  it('is warned when near it, and told nothing when far below it or already registered', () => {
    // 160 a month: R1.92 million a year, 83% of R2.3 million.
    expect(vatThresholdWarning(plan(160, 0).projection, false, '2026-11-27')).toMatchObject({
      kind: 'near',
      month: 12,
      salesCents: 192_000_000,
    });
    expect(vatThresholdWarning(plan(100, 0).projection, false, '2026-11-27')).toBeNull();
    expect(vatThresholdWarning(plan(300, 0).projection, true, '2026-11-27')).toBeNull();
  });
});
