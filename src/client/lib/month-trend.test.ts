import { describe, expect, it } from 'vitest';
import { formatZAR } from '#shared/money.ts';
import { monthTrend } from './month-trend.ts';

describe('monthTrend', () => {
  it('says up, down or level against last month, with last month in rand', () => {
    expect(monthTrend(112_000, 100_000)).toBe(`Up 12% on last month (${formatZAR(100_000)})`);
    expect(monthTrend(50_000, 100_000)).toBe(`Down 50% on last month (${formatZAR(100_000)})`);
    expect(monthTrend(100_200, 100_000)).toBe(`Level with last month (${formatZAR(100_000)})`);
    expect(monthTrend(5_000, 0)).toBe(`Last month: ${formatZAR(0)}`);
  });
});
