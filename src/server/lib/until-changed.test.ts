import { describe, expect, it } from 'vitest';
import { untilChanged } from './until-changed.ts';

describe('untilChanged', () => {
  it('loads once until invalidated, and does not keep a failed load', async () => {
    let loads = 0;
    let fail = false;
    const value = untilChanged(async () => {
      loads += 1;
      if (fail) throw new Error('database down');
      return loads;
    });
    expect(await Promise.all([value.get(), value.get()])).toEqual([1, 1]);
    value.invalidate();
    fail = true;
    await expect(value.get()).rejects.toThrow('database down');
    fail = false;
    expect(await value.get()).toBe(3);
    expect(await value.get()).toBe(3);
  });
});
