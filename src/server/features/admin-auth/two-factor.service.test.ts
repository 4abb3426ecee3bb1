import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { acceptedStep, totpFor } from './two-factor.service.ts';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890"; the table gives
// 8-digit codes at these times. A 6-digit code is the same number's last six digits (RFC 4226 §5.3).
const rfcSeed = Secret.fromUTF8('12345678901234567890').base32;
const rfcVectors: [seconds: number, code8: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('computes the RFC’s SHA-1 test vectors', () => {
    for (const [seconds, code8] of rfcVectors) {
      const eight = new TOTP({ algorithm: 'SHA1', digits: 8, period: 30, secret: rfcSeed });
      expect(eight.generate({ timestamp: seconds * 1000 })).toBe(code8);
      expect(totpFor(rfcSeed).generate({ timestamp: seconds * 1000 })).toBe(code8.slice(2));
    }
  });

  it('accepts the code of now and of the step either side, never an older or spent step', () => {
    const at = 1111111111 * 1000;
    const step = Math.floor(at / 30_000);
    const code = (ms: number) => totpFor(rfcSeed).generate({ timestamp: ms });
    expect(acceptedStep(rfcSeed, code(at), null, at)).toBe(step);
    expect(acceptedStep(rfcSeed, code(at - 30_000), null, at)).toBe(step - 1);
    expect(acceptedStep(rfcSeed, code(at + 30_000), null, at)).toBe(step + 1);
    expect(acceptedStep(rfcSeed, code(at - 90_000), null, at)).toBeNull();
    // Spent: the same step, or one before the last accepted, is refused.
    expect(acceptedStep(rfcSeed, code(at), step, at)).toBeNull();
    expect(acceptedStep(rfcSeed, code(at - 30_000), step, at)).toBeNull();
    expect(acceptedStep(rfcSeed, '000000', null, at)).toBeNull();
  });

  it('writes an otpauth URI any authenticator app reads', () => {
    const uri = totpFor(rfcSeed, 'owner@example.co.za', 'Sebenza back office').toString();
    expect(uri).toMatch(/^otpauth:\/\/totp\/Sebenza%20back%20office:owner%40example\.co\.za\?/);
    const params = new URL(uri).searchParams;
    expect(params.get('secret')).toBe(rfcSeed);
    expect(params.get('algorithm')).toBe('SHA1');
    expect(params.get('digits')).toBe('6');
    expect(params.get('period')).toBe('30');
  });
});
