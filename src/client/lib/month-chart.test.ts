import { describe, expect, it } from 'vitest';
import { axisTicks, monthsBetween } from './month-chart.ts';

describe('monthsBetween', () => {
  it('lists every month of the range, across a year’s end, both ends included', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsBetween('2025-11', '2026-11')).toHaveLength(13);
    expect(monthsBetween('2026-03', '2026-03')).toEqual(['2026-03']);
    expect(monthsBetween('2026-04', '2026-03')).toEqual([]);
  });
});

describe('axisTicks', () => {
  it('covers the highest value from zero in round steps', () => {
    expect(axisTicks([0, 1234.56, 870])).toEqual([0, 500, 1000, 1500]);
    expect(axisTicks([45_000])).toEqual([0, 20_000, 40_000, 60_000]);
    expect(axisTicks([9.5])).toEqual([0, 2.5, 5, 7.5, 10]);
  });

  it('reaches below zero for a loss', () => {
    expect(axisTicks([-300, 700])).toEqual([-500, -250, 0, 250, 500, 750]);
    expect(axisTicks([-80])).toEqual([-80, -60, -40, -20, 0]);
  });

  it('gives empty months a scale', () => {
    expect(axisTicks([0, 0])).toEqual([0, 25, 50, 75, 100]);
    expect(axisTicks([])).toEqual([0, 25, 50, 75, 100]);
  });
});
