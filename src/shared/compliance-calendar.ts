import { addBusinessDays, businessDayOnOrBefore } from './business-days.ts';
import { beneficialOwnershipStart, ruleOn } from './compliance-rules.ts';
import type { ComplianceItem, VatCategory } from './compliance.schemas.ts';
import { addMonths, formatDate } from './dates.ts';

/**
 * A company's compliance dates, worked out from its facts by the rules of
 * src/shared/compliance-rules.ts (each item says its rule in plain words). Pure: dates are South
 * African calendar days, YYYY-MM-DD; whether an item is done is the caller's to add.
 */

export interface CompanyDates {
  registeredOn: string;
  /** 1–12: the last month of the financial year (the year of assessment). */
  yearEndMonth: number;
  vatCategory: VatCategory | null;
  bbbeeAffidavitOn: string | null;
  ownershipChanges: readonly { id: string; changedOn: string }[];
}

export type DatedItem = Omit<ComplianceItem, 'done'>;

const yearOf = (date: string) => Number(date.slice(0, 4));
const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of `month` (1–12; 0 or 13 and beyond roll into the years around) of `year`. */
const monthEnd = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const monthName = (date: string) =>
  new Intl.DateTimeFormat('en-ZA', { month: 'long', timeZone: 'UTC' }).format(new Date(date));
const day = (date: string) => formatDate(date);

/**
 * The annual return of `year`: CIPC opens it on the anniversary of incorporation (a company
 * incorporated on 29 February has its anniversary on 28 February in other years, so it stays in
 * its month) and adds a penalty after `annualReturnBusinessDays` business days.
 */
export function annualReturn(
  registeredOn: string,
  year: number,
): { opensOn: string; dueOn: string } {
  const opensOn = addMonths(registeredOn, 12 * (year - yearOf(registeredOn)));
  return { opensOn, dueOn: addBusinessDays(opensOn, ruleOn(opensOn).annualReturnBusinessDays) };
}

/** The day a change of directors or shareholding must be on CIPC's register; null before the rule. */
export function beneficialOwnershipDue(changedOn: string): string | null {
  const days = ruleOn(changedOn).beneficialOwnershipBusinessDays;
  return days === null ? null : addBusinessDays(changedOn, days);
}

/**
 * The first beneficial-ownership filing: a company incorporated under the rule files within its
 * business days of incorporation; an older one with its first annual return opened on or after
 * the rule's start, as CIPC takes no annual return without it.
 */
export function firstBeneficialOwnershipDue(registeredOn: string): string {
  const due = beneficialOwnershipDue(registeredOn);
  if (due !== null) return due;
  let year = Math.max(yearOf(registeredOn) + 1, yearOf(beneficialOwnershipStart));
  while (annualReturn(registeredOn, year).opensOn < beneficialOwnershipStart) year += 1;
  return annualReturn(registeredOn, year).dueOn;
}

/**
 * The IRP6 payments of the year of assessment ending in `endYear`'s `yearEndMonth`: the first at
 * the end of its sixth month, the second on its last day, the optional third 6 months after a
 * February year-end and 7 after any other. A day that is not a business day moves to the one
 * before (SARS's rule for payments).
 */
export function provisionalTaxDates(
  yearEndMonth: number,
  endYear: number,
): { first: string; second: string; third: string } {
  const rules = ruleOn(monthEnd(endYear, yearEndMonth));
  const thirdMonths =
    yearEndMonth === 2 ? rules.provisionalThirdMonthsFebruary : rules.provisionalThirdMonthsOther;
  return {
    first: businessDayOnOrBefore(
      monthEnd(endYear, yearEndMonth - 12 + rules.provisionalFirstMonths),
    ),
    second: businessDayOnOrBefore(monthEnd(endYear, yearEndMonth)),
    third: businessDayOnOrBefore(monthEnd(endYear, yearEndMonth + thirdMonths)),
  };
}

/**
 * Whether a VAT201 period of `category` ends in `month` (1–12). SARS ("Tax periods for VAT
 * vendors"): category A's two months end on the last day of January, March, May, July, September
 * and November; category B's on the last day of February, April, June, August, October and
 * December.
 */
const periodEndsIn = (category: VatCategory, month: number) =>
  category === 'monthly' || (month % 2 === 1) === (category === 'two_monthly_a');

/**
 * The VAT201 period of `category` ending in `month` of `year`: its first and last days and due
 * days — the 25th of the next month on paper, that month's last business day on eFiling.
 */
export function vatPeriod(
  category: VatCategory,
  year: number,
  month: number,
): { from: string; until: string; manualDueOn: string; dueOn: string } {
  const length = category === 'monthly' ? 1 : 2;
  const until = monthEnd(year, month);
  const next = monthEnd(year, month + 1);
  return {
    from: new Date(Date.UTC(year, month - length, 1)).toISOString().slice(0, 10),
    until,
    manualDueOn: businessDayOnOrBefore(`${next.slice(0, 8)}${pad(ruleOn(until).vatManualDueDay)}`),
    dueOn: businessDayOnOrBefore(next),
  };
}

/** The B-BBEE affidavit renewals after one signed on `signedOn`: every 12 months from it. */
const bbbeeRenewal = (signedOn: string, count: number) =>
  addMonths(signedOn, ruleOn(signedOn).bbbeeValidMonths * count);

/**
 * Every item of the company due from `from` to `to` (inclusive), soonest first. Provisional tax
 * starts with the first year of assessment that began after incorporation, apart from the second
 * payment of the short first year; VAT periods with the first one ending after incorporation.
 */
export function complianceItems(company: CompanyDates, from: string, to: string): DatedItem[] {
  const items: DatedItem[] = [];
  const registered = company.registeredOn;
  const years = (extra: number) => {
    const list: number[] = [];
    for (let y = Math.max(yearOf(from) - 1, yearOf(registered)); y <= yearOf(to) + extra; y++)
      list.push(y);
    return list;
  };

  for (const year of years(0)) {
    if (year <= yearOf(registered)) continue;
    const { opensOn, dueOn } = annualReturn(registered, year);
    const rules = ruleOn(opensOn);
    items.push({
      key: `annual-return:${year}`,
      kind: 'annual-return',
      title: `CIPC annual return ${year}`,
      opensOn,
      dueOn,
      rule: `Filed every year from the anniversary of incorporation (${day(opensOn)}, in ${monthName(opensOn)}); within ${rules.annualReturnBusinessDays} business days after it CIPC adds no late penalty, and a company that stops filing is deregistered. Source: Companies Act 71 of 2008, s33 and regulation 30.`,
    });
  }

  const firstBo = firstBeneficialOwnershipDue(registered);
  items.push({
    key: 'beneficial-ownership:first',
    kind: 'beneficial-ownership',
    title: 'Beneficial-ownership register filed with CIPC',
    opensOn: null,
    dueOn: firstBo,
    rule:
      registered >= beneficialOwnershipStart
        ? `A company incorporated since ${day(beneficialOwnershipStart)} files who owns and controls it within ${ruleOn(registered).beneficialOwnershipBusinessDays} business days of incorporation. Source: Companies Act s56 and regulation 32A, as amended in 2023.`
        : `Companies incorporated before ${day(beneficialOwnershipStart)} file the register with their next annual return: CIPC takes no annual return without it. Source: Companies Act s56 and regulation 32A, as amended in 2023.`,
  });
  for (const change of company.ownershipChanges) {
    const dueOn = beneficialOwnershipDue(change.changedOn);
    if (dueOn === null) continue;
    items.push({
      key: `beneficial-ownership:${change.id}`,
      kind: 'beneficial-ownership',
      title: `Beneficial-ownership update (change of ${day(change.changedOn)})`,
      opensOn: null,
      dueOn,
      rule: `A change of directors or shareholding is filed with CIPC within ${ruleOn(change.changedOn).beneficialOwnershipBusinessDays} business days. Source: Companies Act s56(7) and regulation 32A.`,
    });
  }

  const fye = company.yearEndMonth;
  for (const endYear of years(2)) {
    const dates = provisionalTaxDates(fye, endYear);
    const yearEnd = monthEnd(endYear, fye);
    if (yearEnd <= registered) continue;
    const yearStart = monthEnd(endYear - 1, fye);
    const fullYear = yearStart >= registered;
    const label = `year ending ${day(yearEnd)}`;
    const thirdMonths = fye === 2 ? 6 : 7;
    const payments = [
      ...(fullYear
        ? [
            {
              n: 1,
              dueOn: dates.first,
              rule: 'Paid by the end of the sixth month of the year of assessment.',
            },
          ]
        : []),
      { n: 2, dueOn: dates.second, rule: 'Paid by the last day of the year of assessment.' },
      {
        n: 3,
        dueOn: dates.third,
        rule: `Optional top-up, paid within ${thirdMonths} months after the year ends (6 for a February year-end, 7 for any other) to avoid interest on a shortfall.`,
      },
    ];
    for (const payment of payments)
      items.push({
        key: `provisional-tax:${endYear}:${payment.n}`,
        kind: 'provisional-tax',
        title: `Provisional tax (IRP6) payment ${payment.n}, ${label}`,
        opensOn: null,
        dueOn: payment.dueOn,
        rule: `${payment.rule} A date on a weekend or public holiday moves to the business day before. Source: Income Tax Act 58 of 1962, Fourth Schedule paragraphs 21–23A.`,
      });
  }

  const vat = company.vatCategory;
  if (vat) {
    for (const year of years(0))
      for (let month = 1; month <= 12; month++) {
        if (!periodEndsIn(vat, month)) continue;
        const period = vatPeriod(vat, year, month);
        if (period.until <= registered) continue;
        const start = `${monthName(period.from)}${yearOf(period.from) === year ? '' : ` ${yearOf(period.from)}`}`;
        const months = period.from.slice(0, 7) === period.until.slice(0, 7) ? '' : `${start}–`;
        items.push({
          key: `vat201:${period.until.slice(0, 7)}`,
          kind: 'vat201',
          title: `VAT201 return, ${months}${monthName(period.until)} ${year}`,
          opensOn: null,
          dueOn: period.dueOn,
          rule: `Filed and paid by the 25th of the month after the period (${day(period.manualDueOn)}) at a branch, or by that month's last business day (${day(period.dueOn)}) on eFiling. Source: Value-Added Tax Act 89 of 1991, s28.`,
        });
      }
  }

  if (company.bbbeeAffidavitOn) {
    const signed = company.bbbeeAffidavitOn;
    for (let count = 1; bbbeeRenewal(signed, count) <= to; count++) {
      const dueOn = bbbeeRenewal(signed, count);
      items.push({
        key: `bbbee:${dueOn}`,
        kind: 'bbbee',
        title: 'B-BBEE affidavit renewed',
        opensOn: null,
        dueOn,
        rule: `A sworn B-BBEE affidavit is valid for ${ruleOn(signed).bbbeeValidMonths} months from the day it is signed (${day(signed)}); sign a new one before it lapses. Source: B-BBEE Codes of Good Practice, Code 000.`,
      });
    }
  }

  return items
    .filter((item) => item.dueOn >= from && item.dueOn <= to)
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.key.localeCompare(b.key));
}
