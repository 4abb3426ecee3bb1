import { describe, expect, it } from 'vitest';
import { catalogue, liveCatalogue } from './catalogue.ts';

describe('liveCatalogue', () => {
  it('is the shipped catalogue without edits', () => {
    const live = liveCatalogue();
    expect(live.services).toEqual(catalogue);
    expect(live.priceCentsOf('plan-essential')).toBe(349_900);
    expect(live.lowestPriceCents('business-plan')).toBe(349_900);
  });

  it('applies prices, delivery, features and "best for", and leaves out what is off sale', () => {
    const live = liveCatalogue({
      services: { 'mobile-app': { active: false } },
      items: {
        'plan-essential': { priceCents: 399_900, delivery: '6 business days', deliveryDays: 6 },
        'plan-bank-ready': { active: false },
        'plan-express': { priceCents: 10_000 },
        'website-business': { bestFor: null, features: ['One thing'] },
      },
    });
    const plan = live.findService('business-plan')!;
    expect(plan.packages.map((p) => p.id)).toEqual(['plan-essential', 'plan-investor']);
    expect(plan.packages[0]).toMatchObject({ priceCents: 399_900, deliveryDays: 6 });
    expect(plan.packages[0]).not.toHaveProperty('active');
    expect(live.priceCentsOf('plan-express')).toBe(10_000);
    expect(live.priceCentsOf('plan-bank-ready')).toBeUndefined();
    expect(live.findService('mobile-app')).toBeUndefined();
    expect(live.lowestPriceCents('mobile-app')).toBeUndefined();
    const website = live
      .findService('buy-website')!
      .packages.find((p) => p.id === 'website-business')!;
    expect(website.features).toEqual(['One thing']);
    expect(website).not.toHaveProperty('bestFor');
    // The shipped catalogue itself is untouched.
    expect(catalogue.find((s) => s.slug === 'business-plan')!.packages).toHaveLength(3);
  });

  it('has ids unique across packages and add-ons (edits are keyed by them)', () => {
    const ids = catalogue.flatMap((s) => [...s.packages, ...s.addOns].map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
