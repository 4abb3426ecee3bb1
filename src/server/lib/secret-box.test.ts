import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { appSecretText, createSecretBox } from './secret-box.ts';

const secret = 'a test key of well over thirty-two characters';

describe('the secret box', () => {
  it('seals a value that opens only with the same key and context', () => {
    const box = createSecretBox(secret);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'admins.totp_secret:a');
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'admins.totp_secret:a')).not.toBe(sealed);
    expect(box.open(sealed, 'admins.totp_secret:a')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'admins.totp_secret:b')).toThrow();
    expect(() => createSecretBox(`${secret}!`).open(sealed, 'admins.totp_secret:a')).toThrow();
    // The second-to-last character carries six bits of the ciphertext; it is swapped for another.
    const flipped = sealed.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${sealed.slice(0, -2)}${flipped}${sealed.slice(-1)}`;
    expect(tampered).not.toBe(sealed);
    expect(() => box.open(tampered, 'admins.totp_secret:a')).toThrow();
    expect(box.isSealed(sealed)).toBe(true);
    expect(box.isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
  });

  it('keeps a generated key in the data folder, readable by its owner only, the same each start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sebenza-secret-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      expect(config.appSecret).toEqual({ file: join(dir, 'app-secret') });
      const first = appSecretText(config.appSecret);
      expect(first.length).toBeGreaterThanOrEqual(40);
      expect(statSync(join(dir, 'app-secret')).mode & 0o777).toBe(0o600);
      expect(appSecretText(config.appSecret)).toBe(first);
      expect(readFileSync(join(dir, 'app-secret'), 'utf8').trim()).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes APP_SECRET when set, and requires a strong one in production with DATABASE_URL', () => {
    expect(loadConfig({ APP_SECRET: secret }).appSecret).toEqual({ value: secret });
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(
      'Invalid configuration: APP_SECRET must be at least 32 characters',
    );
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://shop@db.internal/shop',
      PAYFAST_MODE: 'simulator',
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/APP_SECRET must be set in production/);
    expect(loadConfig({ ...production, APP_SECRET: secret }).appSecret).toEqual({ value: secret });
  });
});
