import { describe, expect, it } from 'vitest';
import { normaliseDomain } from './domain-name.ts';
import { customerPriceCents, toZarCents } from './domain-pricing.ts';

const tlds = ['co.za', 'com', 'net', 'org', 'africa', 'joburg'];

describe('normaliseDomain', () => {
  it('trims, lower-cases and strips scheme, www, port and path', () => {
    for (const input of [
      '  MyShop.CO.ZA ',
      'https://www.myshop.co.za/about?x=1',
      'http://myshop.co.za:8080',
      'www.myshop.co.za.',
    ]) {
      expect(normaliseDomain(input, tlds)).toEqual({
        ok: true,
        domain: 'myshop.co.za',
        name: 'myshop',
        tld: 'co.za',
      });
    }
  });

  it('turns an IDN into punycode', () => {
    const result = normaliseDomain('bäckerei.com', tlds);
    expect(result).toEqual({
      ok: true,
      domain: 'xn--bckerei-5wa.com',
      name: 'xn--bckerei-5wa',
      tld: 'com',
    });
  });

  it('refuses blank, malformed, unsupported and sub-domain input with a clear error', () => {
    expect(normaliseDomain('   ', tlds)).toEqual({
      ok: false,
      error: 'Please enter a domain name',
    });
    expect(normaliseDomain('myshop', tlds)).toMatchObject({
      ok: false,
      error: expect.stringContaining('Add an ending'),
    });
    expect(normaliseDomain('-myshop.com', tlds)).toMatchObject({
      ok: false,
      error: expect.stringContaining('1 to 63'),
    });
    expect(normaliseDomain(`${'a'.repeat(64)}.com`, tlds)).toMatchObject({ ok: false });
    expect(normaliseDomain('my shop.com', tlds)).toMatchObject({
      ok: false,
      error: expect.stringContaining('spaces'),
    });
    expect(normaliseDomain('myshop.xyz', tlds)).toMatchObject({
      ok: false,
      error: expect.stringContaining('We do not register .xyz'),
    });
    expect(normaliseDomain('shop.myshop.co.za', tlds)).toMatchObject({
      ok: false,
      error: expect.stringContaining('without a sub-domain'),
    });
  });

  it('picks the longest ending we sell', () => {
    expect(normaliseDomain('myshop.co.za', ['za', 'co.za'])).toMatchObject({
      tld: 'co.za',
      name: 'myshop',
    });
  });
});

describe('domain pricing', () => {
  it('converts USD to ZAR cents with the configured rate, rounded half up', () => {
    expect(toZarCents(1_400, 'USD', 18.5)).toBe(25_900);
    expect(toZarCents(1_399, 'USD', 18.2345)).toBe(25_510); // 255.10 (255.0997 rounded)
    expect(toZarCents(9_500, 'ZAR', 18.5)).toBe(9_500);
    expect(() => toZarCents(100, 'EUR', 1)).toThrow(RangeError);
  });

  it('adds 20% for ordinary names and nothing for premium ones', () => {
    expect(customerPriceCents(9_500, false)).toBe(11_400);
    expect(customerPriceCents(25_900, false)).toBe(31_080);
    expect(customerPriceCents(12_345, false)).toBe(14_814); // 148.14 exactly
    expect(customerPriceCents(12_346, false)).toBe(14_815); // 148.152 → 148.15
    expect(customerPriceCents(1_000_000, true)).toBe(1_000_000);
  });
});
