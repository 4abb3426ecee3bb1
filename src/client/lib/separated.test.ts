import { describe, expect, it } from 'vitest';
import { separated } from './separated.ts';

describe('separated', () => {
  it('leaves out empty parts, so no separator stands alone', () => {
    expect(separated('', 'Live in 5 business days')).toBe('Live in 5 business days');
    expect(separated(' incl. VAT', '', false, 'Live in 5 business days')).toBe(
      'incl. VAT\u00a0· Live in 5 business days',
    );
    expect(separated('', null, undefined)).toBe('');
  });

  it('keeps each separator on the line of the part before it', () => {
    const line = separated('incl. VAT per month', 'Working within 1 business day');
    // The only break opportunity next to the "·" is after it.
    expect(line).toContain('month\u00a0·');
    expect(line).not.toMatch(/ ·/);
  });
});
