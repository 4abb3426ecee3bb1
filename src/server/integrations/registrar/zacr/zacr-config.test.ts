import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';

const dir = mkdtempSync(join(tmpdir(), 'zacr-config-'));
const cert = join(dir, 'client.crt');
const key = join(dir, 'client.key');
writeFileSync(cert, 'certificate');
writeFileSync(key, 'key');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const all = {
  ZACR_EPP_HOST: 'epp.coza.net.za',
  ZACR_EPP_USERNAME: 'sebenza',
  ZACR_EPP_PASSWORD: 'secret',
  ZACR_EPP_CERT_FILE: cert,
  ZACR_EPP_KEY_FILE: key,
  ZACR_NAMESERVERS: 'NS1.sebenza.co.za, ns2.sebenza.co.za',
};

describe('ZACR settings', () => {
  it('are off without any, and read whole with all of them (port 3121 by default)', () => {
    expect(loadConfig({}).zacr).toBeUndefined();
    expect(loadConfig(all).zacr).toEqual({
      host: 'epp.coza.net.za',
      port: 3121,
      username: 'sebenza',
      password: 'secret',
      certFile: cert,
      keyFile: key,
      caFile: undefined,
      nameservers: ['ns1.sebenza.co.za', 'ns2.sebenza.co.za'],
    });
    expect(loadConfig({ ...all, ZACR_EPP_PORT: '700' }).zacr?.port).toBe(700);
  });

  it('name what is missing, wrong or not there', () => {
    expect(() => loadConfig({ ZACR_EPP_HOST: 'epp.coza.net.za' })).toThrow(
      'Invalid configuration: ZACR_EPP_USERNAME, ZACR_EPP_PASSWORD, ZACR_EPP_CERT_FILE, ZACR_EPP_KEY_FILE, ZACR_NAMESERVERS must be set with the other ZACR_* settings',
    );
    expect(() => loadConfig({ ...all, ZACR_NAMESERVERS: 'ns1.sebenza.co.za' })).toThrow(
      'ZACR_NAMESERVERS must list at least two name servers (ZACR requires two)',
    );
    expect(() => loadConfig({ ...all, ZACR_NAMESERVERS: 'ns1.sebenza.co.za,not a host' })).toThrow(
      'ZACR_NAMESERVERS must be host names separated by commas',
    );
    expect(() => loadConfig({ ...all, ZACR_EPP_PORT: '0' })).toThrow(
      'ZACR_EPP_PORT must be between 1 and 65535',
    );
    expect(() => loadConfig({ ...all, ZACR_EPP_CA_FILE: join(dir, 'none.crt') })).toThrow(
      `ZACR_EPP_CA_FILE names no file (got "${join(dir, 'none.crt')}")`,
    );
  });
});
