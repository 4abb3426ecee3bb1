import { describe, expect, it } from 'vitest';
import {
  annualReturn,
  beneficialOwnershipDue,
  complianceItems,
  firstBeneficialOwnershipDue,
  provisionalTaxDates,
  vatPeriod,
} from './compliance-calendar.ts';
import { ruleOn } from './compliance-rules.ts';
import { complianceCompanyInputSchema } from './compliance.schemas.ts';

const company = {
  registeredOn: '2024-02-29',
  yearEndMonth: 2,
  vatCategory: null,
  bbbeeAffidavitOn: null,
  ownershipChanges: [],
};

describe('the annual return (30 business days after the anniversary, INTEGRATIONS.md)', () => {
  it('keeps a 29 February company in February: 28 February in other years', () => {
    // 28 Feb 2025 (Fri) + 30 business days, 21 March (Human Rights Day) not counted: 14 April.
    expect(annualReturn('2024-02-29', 2025)).toEqual({
      opensOn: '2025-02-28',
      dueOn: '2025-04-14',
    });
    expect(annualReturn('2024-02-29', 2028).opensOn).toBe('2028-02-29');
  });

  it('lists a return a year, from the first anniversary on', () => {
    const returns = complianceItems(company, '2024-01-01', '2026-12-31').filter(
      (item) => item.kind === 'annual-return',
    );
    expect(returns.map((item) => [item.key, item.opensOn, item.dueOn])).toEqual([
      ['annual-return:2025', '2025-02-28', '2025-04-14'],
      ['annual-return:2026', '2026-02-28', '2026-04-14'],
    ]);
    expect(returns[0]!.rule).toContain('within 30 business days');
  });
});

describe('beneficial ownership (10 business days, from 24 May 2023)', () => {
  it('dates an update 10 business days after a change, past the December holidays', () => {
    // 10 Dec 2026 (Thu): 16, 25 and 26 December are holidays (the 26th a Saturday).
    expect(beneficialOwnershipDue('2026-12-10')).toBe('2026-12-28');
    expect(beneficialOwnershipDue('2023-05-23')).toBeNull();
    expect(ruleOn('2023-05-23').beneficialOwnershipBusinessDays).toBeNull();
    expect(ruleOn('2023-05-24').beneficialOwnershipBusinessDays).toBe(10);
  });

  it('files a company incorporated before the rule with its next annual return', () => {
    // Incorporated 10 July 2019: the first anniversary after 24 May 2023 is 10 July 2023.
    expect(firstBeneficialOwnershipDue('2019-07-10')).toBe(annualReturn('2019-07-10', 2023).dueOn);
    expect(firstBeneficialOwnershipDue('2019-07-10')).toBe('2023-08-22');
    // Incorporated after it: 10 business days from incorporation.
    expect(firstBeneficialOwnershipDue('2024-02-29')).toBe('2024-03-14');
    // Incorporated a day before the regulations (23 May 2023): with its first annual return; on
    // 24 May 2023 (a Wednesday): 10 business days later, Wednesday 7 June (no holiday between).
    expect(firstBeneficialOwnershipDue('2023-05-23')).toBe(annualReturn('2023-05-23', 2024).dueOn);
    expect(firstBeneficialOwnershipDue('2023-05-24')).toBe('2023-06-07');
  });
});

describe('provisional tax (IRP6)', () => {
  it('takes a February year-end: 31 August, end of February, 6 months after', () => {
    // 28 Feb 2027 is a Sunday: the second payment moves to Friday 26 February.
    expect(provisionalTaxDates(2, 2027)).toEqual({
      first: '2026-08-31',
      second: '2027-02-26',
      third: '2027-08-31',
    });
  });

  it('takes a June year-end: 31 December, 30 June, and the third 7 months after', () => {
    expect(provisionalTaxDates(6, 2027)).toEqual({
      first: '2026-12-31',
      second: '2027-06-30',
      third: '2028-01-31',
    });
  });

  it('asks only the second payment of a short first year', () => {
    const items = complianceItems(
      { ...company, registeredOn: '2026-11-02', yearEndMonth: 6 },
      '2026-11-02',
      '2027-07-31',
    ).filter((item) => item.kind === 'provisional-tax');
    expect(items.map((item) => item.key)).toEqual(['provisional-tax:2027:2']);
  });
});

describe('VAT201 periods', () => {
  it('due the 25th on paper and the last business day on eFiling', () => {
    // January–February 2026 (category B: SARS ends its periods in even months): 25 and 31 March.
    expect(vatPeriod('two_monthly_b', 2026, 2)).toEqual({
      from: '2026-01-01',
      until: '2026-02-28',
      manualDueOn: '2026-03-25',
      dueOn: '2026-03-31',
    });
    // April 2026 monthly: 25 May is a Monday, 29 May the last weekday.
    expect(vatPeriod('monthly', 2026, 4)).toMatchObject({
      manualDueOn: '2026-05-25',
      dueOn: '2026-05-29',
    });
    // 25 April 2026 is a Saturday: the paper return moves to Friday 24 April.
    expect(vatPeriod('monthly', 2026, 3).manualDueOn).toBe('2026-04-24');
  });

  it('lists category A periods (ending in odd months, as SARS has them) across the year end', () => {
    const vat = complianceItems(
      { ...company, vatCategory: 'two_monthly_a' },
      '2026-12-01',
      '2027-05-31',
    ).filter((item) => item.kind === 'vat201');
    expect(vat.map((item) => [item.title, item.dueOn])).toEqual([
      ['VAT201 return, October–November 2026', '2026-12-31'],
      ['VAT201 return, December 2026–January 2027', '2027-02-26'],
      ['VAT201 return, February–March 2027', '2027-04-30'],
    ]);
  });
});

describe('the B-BBEE affidavit and the whole calendar', () => {
  it('renews 12 months after signing, and lists everything soonest first', () => {
    const items = complianceItems(
      {
        registeredOn: '2024-02-29',
        yearEndMonth: 6,
        vatCategory: 'monthly',
        bbbeeAffidavitOn: '2026-03-01',
        ownershipChanges: [{ id: 'c1', changedOn: '2026-12-10' }],
      },
      '2026-11-27',
      '2027-03-31',
    );
    expect(items.find((item) => item.kind === 'bbbee')?.dueOn).toBe('2027-03-01');
    expect(items.map((item) => item.dueOn)).toEqual([...items.map((i) => i.dueOn)].sort());
    expect(items.find((item) => item.key === 'beneficial-ownership:c1')?.dueOn).toBe('2026-12-28');
  });
});

describe('the company form', () => {
  const valid = {
    name: 'Nkosi Trading',
    registrationNumber: '2024/123456/07',
    registeredOn: '2024-02-29',
  };
  it('takes CIPC numbers of the registration year only', () => {
    expect(complianceCompanyInputSchema.safeParse(valid).success).toBe(true);
    expect(
      complianceCompanyInputSchema.safeParse({ ...valid, registrationNumber: '2024/12345/07' })
        .success,
    ).toBe(false);
    expect(
      complianceCompanyInputSchema.safeParse({ ...valid, registrationNumber: '2023/123456/07' })
        .success,
    ).toBe(false);
  });
});
