import { describe, expect, it } from 'vitest';
import { monthlyCharge } from './monthly-charge.ts';

describe('monthlyCharge', () => {
  it('takes the monthly parts of each line, times its quantity, and leaves once-off parts out', () => {
    const charge = monthlyCharge([
      {
        type: 'package',
        title: 'Website: Business + Hosting',
        packageId: 'website-business',
        quantity: 1,
        details: {
          parts: [
            { name: 'Website: Business', unitCents: 499_900, billing: 'once' },
            { name: 'Managed hosting (add-on)', unitCents: 19_900, billing: 'monthly' },
          ],
        },
      },
      {
        type: 'package',
        title: 'Custom e-mail: Team',
        packageId: 'email-team',
        quantity: 2,
        details: {
          parts: [{ name: 'Custom e-mail: Team', unitCents: 29_900, billing: 'monthly' }],
        },
      },
      { type: 'domain', title: 'example.co.za', packageId: null, quantity: 1, details: null },
    ]);
    expect(charge.totalCents).toBe(19_900 + 2 * 29_900);
    expect(charge.lines.map((line) => [line.title, line.totalCents])).toEqual([
      ['Managed hosting (add-on)', 19_900],
      ['Custom e-mail: Team', 59_800],
    ]);
    expect(charge.title).toBe('Managed hosting (add-on); 2 × Custom e-mail: Team');
  });

  it('is nothing for an order without monthly parts', () => {
    expect(
      monthlyCharge([
        {
          type: 'package',
          title: 'Business plan',
          packageId: 'plan',
          quantity: 1,
          details: { parts: [{ name: 'Plan', unitCents: 100, billing: 'once' }] },
        },
      ]).totalCents,
    ).toBe(0);
  });
});
