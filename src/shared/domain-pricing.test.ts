import { describe, expect, it } from 'vitest';
import {
  domainYearPrice,
  noLossPriceCents,
  toZarCents,
  yearMarginCents,
} from './domain-pricing.ts';
import { vatFromInclusive } from './money.ts';

/**
 * Hand-worked: what a non-premium sale leaves after the registrar and PayFast. PayFast charges
 * about 3.2% + R2.00 excluding VAT per card payment (INTEGRATIONS.md; the simulator reports the
 * same); a VAT vendor claims the fee's VAT back, so the fee counts excluding VAT against the
 * revenue excluding VAT.
 */
const payfastFeeExVatCents = (grossCents: number) => Math.round(grossCents * 0.032 + 200);

describe('domain prices that earn (hand-worked, VAT-registered supplier)', () => {
  const vat = { premium: false, vatRegistered: true };

  it('.co.za, 1 year: R95.00 cost → R109.25 with VAT → R131.10 shown; R12.80 left after the fee', () => {
    const year = domainYearPrice(9_500, vat);
    // originalPrice = 95.00 × 1.15 = 109.25; price = 109.25 × 1.2 = 131.10.
    expect(year).toEqual({ costCents: 9_500, originalCents: 10_925, priceCents: 13_110 });
    // Revenue excl. VAT: 131.10 − 17.10 = 114.00 (= 95.00 × 1.2, the whole markup).
    expect(13_110 - vatFromInclusive(13_110)).toBe(11_400);
    // Fee: 3.2% × 131.10 = 4.1952, + 2.00 = 6.1952 → R6.20.
    expect(payfastFeeExVatCents(13_110)).toBe(620);
    // 114.00 − 95.00 − 6.20 = R12.80.
    expect(11_400 - 9_500 - 620).toBe(1_280);
  });

  it('.co.za, 2 years: R262.20 paid; R27.61 left after the fee', () => {
    const gross = domainYearPrice(9_500, vat).priceCents * 2;
    expect(gross).toBe(26_220);
    // VAT 26 220 × 15/115 = 3 420.00 → R228.00 excl.; fee 3.2% × 262.20 + 2.00 = R10.39.
    expect(gross - vatFromInclusive(gross)).toBe(22_800);
    expect(payfastFeeExVatCents(gross)).toBe(1_039);
    expect(22_800 - 19_000 - 1_039).toBe(2_761);
  });

  it('.com, 1 year: US$14.50 × 18.50 = R268.25 → R308.49 with VAT → R370.19; R39.80 left', () => {
    const cost = toZarCents(1_450, 'USD', 18.5);
    expect(cost).toBe(26_825);
    // 268.25 × 1.15 = 308.4875 → 308.49; × 1.2 = 370.188 → 370.19.
    expect(domainYearPrice(cost, vat)).toEqual({
      costCents: 26_825,
      originalCents: 30_849,
      priceCents: 37_019,
    });
    // VAT 37 019 × 15/115 = 4 828.57 → 48.29; excl. 321.90. Fee 3.2% × 370.19 + 2.00 = 13.85.
    expect(37_019 - vatFromInclusive(37_019)).toBe(32_190);
    expect(payfastFeeExVatCents(37_019)).toBe(1_385);
    expect(32_190 - 26_825 - 1_385).toBe(3_980);
  });

  it('.com, 2 years: R740.38 paid; R81.62 left after the fee', () => {
    const gross = domainYearPrice(26_825, vat).priceCents * 2;
    expect(gross).toBe(74_038);
    // VAT 74 038 × 15/115 = 9 657.13 → 96.57; excl. 643.81. Fee 3.2% × 740.38 + 2.00 = 25.69.
    expect(gross - vatFromInclusive(gross)).toBe(64_381);
    expect(payfastFeeExVatCents(gross)).toBe(2_569);
    expect(64_381 - 53_650 - 2_569).toBe(8_162);
  });

  it('keeps the SPEC §3 pricing object consistent: price = originalPrice × 1.2, premium × 1.0', () => {
    for (const cost of [9_500, 26_825, 30_525, 1]) {
      const ordinary = domainYearPrice(cost, vat);
      expect(ordinary.priceCents).toBe(Math.round(ordinary.originalCents * 1.2));
      const premium = domainYearPrice(cost, { premium: true, vatRegistered: true });
      expect(premium.priceCents).toBe(premium.originalCents);
    }
  });
});

describe('domain prices for a supplier that is not VAT-registered', () => {
  it('charges no VAT: price = cost × 1.2, and the fee (VAT included, not claimable) still leaves a margin', () => {
    const year = domainYearPrice(9_500, { premium: false, vatRegistered: false });
    expect(year).toEqual({ costCents: 9_500, originalCents: 9_500, priceCents: 11_400 });
    // Fee incl. VAT: (3.2% × 114.00 + 2.00) × 1.15 = 6.4952 → R6.50; 114.00 − 95.00 − 6.50 = 12.50.
    const fee = Math.round((11_400 * 0.032 + 200) * 1.15);
    expect(fee).toBe(650);
    expect(11_400 - 9_500 - fee).toBe(1_250);
  });
});

describe('the no-loss price a coupon never goes below', () => {
  it('is the first cent at which the registrar, the VAT and the fee are paid, in both VAT modes', () => {
    for (const vatRegistered of [true, false]) {
      for (const costCents of [0, 9_500, 123_456, 5_000_000]) {
        const price = noLossPriceCents(costCents, vatRegistered);
        const year = (priceCents: number) => ({ costCents, originalCents: 0, priceCents });
        expect(yearMarginCents(year(price), vatRegistered)).toBeGreaterThanOrEqual(0);
        expect(yearMarginCents(year(price - 1), vatRegistered)).toBeLessThan(0);
      }
    }
    // .co.za for a VAT vendor: R95.00 a year costs R115.80 to sell without loss (shown at R131.10).
    expect(noLossPriceCents(9_500, true)).toBe(11_580);
  });
});
