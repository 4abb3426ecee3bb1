/**
 * The compliance calendar's date rules as data (issue 34 §2), each with its source. A rule that
 * changes gets a new row from the date it applies; older rows stay, so a past date is worked out
 * by the rule of its time (`ruleOn`). Facts are those of /work/shared/INTEGRATIONS.md ("Company
 * compliance", "VAT returns") and of SARS's and CIPC's published guides named per row.
 */

export interface ComplianceRules {
  /** The first day (YYYY-MM-DD) these numbers apply. */
  from: string;
  /**
   * CIPC annual return: filed every year from the anniversary of incorporation, within this many
   * business days after it, before CIPC's late-filing penalty is added (Companies Act 71 of
   * 2008 s33 and regulation 30; INTEGRATIONS.md "Company compliance").
   */
  annualReturnBusinessDays: number;
  /**
   * Beneficial-ownership register: a change of directors or shareholding is filed with CIPC
   * within this many business days (Companies Act s56(7) as amended by the General Laws
   * (Anti-Money Laundering and Combating Terrorism Financing) Amendment Act 22 of 2022, and
   * regulation 32A; INTEGRATIONS.md); null before the rule applied.
   */
  beneficialOwnershipBusinessDays: number | null;
  /**
   * SARS provisional tax (IRP6, Income Tax Act 58 of 1962, Fourth Schedule paragraphs 21–23):
   * the first payment this many months after the year of assessment starts, the second at its
   * end; the voluntary third (top-up) this many months after the end — 6 for a February
   * year-end, 7 for any other (paragraph 23A(1)).
   */
  provisionalFirstMonths: number;
  provisionalThirdMonthsFebruary: number;
  provisionalThirdMonthsOther: number;
  /**
   * VAT201 (Value-Added Tax Act 89 of 1991 s28): due on this day of the month after the period
   * on paper or at a branch; on eFiling by the month's last business day (INTEGRATIONS.md "VAT
   * returns"). A day that is not a business day moves to the business day before.
   */
  vatManualDueDay: number;
  /**
   * B-BBEE sworn affidavit of an exempted micro enterprise or qualifying small enterprise (Codes
   * of Good Practice, Code 000): valid for this many months from the day it is signed.
   */
  bbbeeValidMonths: number;
}

/** Oldest first. */
export const complianceRules: readonly ComplianceRules[] = [
  {
    from: '1900-01-01',
    annualReturnBusinessDays: 30,
    beneficialOwnershipBusinessDays: null,
    provisionalFirstMonths: 6,
    provisionalThirdMonthsFebruary: 6,
    provisionalThirdMonthsOther: 7,
    vatManualDueDay: 25,
    bbbeeValidMonths: 12,
  },
  {
    // The amended s56 came into force on 1 April 2023 (CIPC took filings voluntarily); the
    // amended Companies Regulations made them mandatory when promulgated on 24 May 2023 (CIPC,
    // "Enforcement of beneficial ownership filings and securities registers"): a company
    // incorporated since files within 10 business days; one incorporated before files its first
    // register with its next annual return (CIPC takes none without it since 1 April 2024).
    from: '2023-05-24',
    annualReturnBusinessDays: 30,
    beneficialOwnershipBusinessDays: 10,
    provisionalFirstMonths: 6,
    provisionalThirdMonthsFebruary: 6,
    provisionalThirdMonthsOther: 7,
    vatManualDueDay: 25,
    bbbeeValidMonths: 12,
  },
];

/** The rules that apply on `date` (YYYY-MM-DD). */
export function ruleOn(date: string): ComplianceRules {
  let found = complianceRules[0]!;
  for (const rules of complianceRules) if (rules.from <= date) found = rules;
  return found;
}

/** The day the beneficial-ownership rules began to apply. */
export const beneficialOwnershipStart = complianceRules.find(
  (rules) => rules.beneficialOwnershipBusinessDays !== null,
)!.from;
