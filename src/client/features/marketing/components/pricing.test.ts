import { describe, expect, it } from 'vitest';
import { vatFromInclusive } from '#shared/money.ts';
import { registrationPrice } from './business-registration-form.tsx';
import { builderLines } from './service-builder.tsx';

describe('service builder pricing (cents)', () => {
  it('adds each package and its add-ons from the catalogue', () => {
    const lines = builderLines({
      'buy-website': { packageId: 'website-business', addOnIds: ['website-extra-page'] },
      'business-plan': { packageId: 'plan-essential', addOnIds: [] },
    });
    expect(lines.map((l) => [l.title, l.cents])).toEqual([
      ['Business plan: Essential plan', 349_900],
      ['Ready-made website: Business + Extra page', 544_900],
    ]);
    const total = lines.reduce((sum, l) => sum + l.cents, 0);
    expect(total).toBe(894_800);
    // VAT inside an inclusive R 8 948,00 is R 1 167,13 (8948 × 15/115, rounded to the cent).
    expect(vatFromInclusive(total)).toBe(116_713);
  });

  it('ignores quote-only services and unknown ids', () => {
    expect(
      builderLines({
        'mobile-app': { packageId: 'app-starter', addOnIds: [] },
        'buy-website': { packageId: 'no-such-package', addOnIds: [] },
      }),
    ).toEqual([]);
  });
});

describe('business registration pricing (cents)', () => {
  it('charges VAT and PAYE registration as add-ons unless the package includes them', () => {
    expect(registrationPrice('registration-basic-company', ['income_tax', 'vat'])).toMatchObject({
      addOnIds: ['registration-vat'],
      totalCents: 99_900 + 89_900,
    });
    expect(
      registrationPrice('registration-complete-startup', ['income_tax', 'vat', 'paye_uif']),
    ).toMatchObject({ addOnIds: [], totalCents: 249_900 });
  });
});
