import { describe, expect, it } from 'vitest';
import { jobTypes, retryDelaySeconds } from './job-types.ts';

/** How long after its first try a job is tried for the last time. */
const span = (maxAttempts: number) =>
  Array.from({ length: maxAttempts - 1 }, (_, i) => retryDelaySeconds(i + 1)).reduce(
    (sum, seconds) => sum + seconds,
    0,
  );

describe('job retry schedules', () => {
  it('backs off 1, 2, 4 … minutes, at most an hour between tries', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelaySeconds)).toEqual([
      60, 120, 240, 480, 3600, 3600, 3600,
    ]);
  });

  it('polls a domain transfer for the 7 days a losing registrar may take', () => {
    expect(span(jobTypes['poll-domain-transfer'].maxAttempts)).toBeGreaterThanOrEqual(7 * 86_400);
  });

  it('tries the confirmation of a PayFast ITN for at least 24 hours (PayFast never resends)', () => {
    expect(span(jobTypes['check-payment-notification'].maxAttempts)).toBeGreaterThanOrEqual(
      24 * 3600,
    );
  });
});
