import { describe, expect, it } from 'vitest';
import { accountDelayMs } from './login-throttle.ts';

describe('the account-wide slow-down', () => {
  it('waits nothing below 20 failures, then a quarter second more for each, at most 5 s', () => {
    expect(accountDelayMs(0)).toBe(0);
    expect(accountDelayMs(19)).toBe(0);
    expect(accountDelayMs(20)).toBe(250);
    expect(accountDelayMs(23)).toBe(1000);
    expect(accountDelayMs(500)).toBe(5000);
  });
});
