import { describe, expect, it } from 'vitest';
import { clientTypeFromUserAgent } from './client-type.ts';

describe('clientTypeFromUserAgent', () => {
  it('recognises mobile browsers', () => {
    expect(
      clientTypeFromUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      ),
    ).toBe('mobile');
    expect(
      clientTypeFromUserAgent(
        'Mozilla/5.0 (Linux; Android 15; SM-A556E) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toBe('mobile');
  });

  it('treats every other browser as desktop', () => {
    expect(
      clientTypeFromUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36',
      ),
    ).toBe('desktop');
    expect(clientTypeFromUserAgent('')).toBe('desktop');
    expect(clientTypeFromUserAgent(undefined)).toBe('desktop');
  });
});
