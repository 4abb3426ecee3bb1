import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

/** METRICS_TOKEN and METRICS_ALLOW are read at start; a bad value stops it with one clear line. */
const load = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', ...env });

describe('metrics settings', () => {
  it('let this machine in by default, with no token', () => {
    expect(load({}).metrics).toEqual({ token: undefined, allow: ['127.0.0.1', '::1'] });
  });

  it('take addresses and CIDR ranges of both families, or none', () => {
    expect(
      load({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.7,fd00::/8', METRICS_TOKEN: 'a'.repeat(16) })
        .metrics,
    ).toEqual({ token: 'a'.repeat(16), allow: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'] });
    expect(load({ METRICS_ALLOW: 'none' }).metrics.allow).toEqual([]);
  });

  it.each([
    [
      'METRICS_ALLOW',
      'localhost',
      /^Invalid configuration: METRICS_ALLOW must be IP addresses or CIDR ranges/,
    ],
    ['METRICS_ALLOW', '10.0.0.0/33', /METRICS_ALLOW must be IP addresses or CIDR ranges/],
    ['METRICS_ALLOW', '127.0.0.1,', /METRICS_ALLOW must be IP addresses or CIDR ranges/],
    [
      'METRICS_TOKEN',
      'short',
      /^Invalid configuration: METRICS_TOKEN must be at least 16 characters without spaces/,
    ],
    ['METRICS_TOKEN', 'a token with spaces in it', /METRICS_TOKEN must be at least 16 characters/],
  ])('refuse %s=%s', (name, value, message) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(message);
  });
});
