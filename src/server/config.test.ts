import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data[/\\]db$/);
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.site).toEqual({
      siteName: 'Sebenza Digital',
      contactEmail: 'hello@sebenzadigital.co.za',
      exampleHost: 'yourbusiness.co.za',
    });
  });

  it('reads the site settings and strips a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      SITE_NAME: 'Ubuntu Web',
      CONTACT_EMAIL: 'info@ubuntuweb.co.za',
      EXAMPLE_HOST: 'mybiz.co.za',
      PUBLIC_URL: 'https://ubuntuweb.co.za/',
      PORT: '8080',
    });
    expect(config.site.siteName).toBe('Ubuntu Web');
    expect(config.publicUrl).toBe('https://ubuntuweb.co.za');
    expect(config.port).toBe(8080);
  });

  it('trusts X-Forwarded-For from a number of hops or from listed proxies only', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000")'],
    [
      { DATABASE_URL: 'mysql://localhost/db' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://localhost/db")',
    ],
    [
      { CONTACT_EMAIL: 'not-an-address' },
      'Invalid configuration: CONTACT_EMAIL must be an e-mail address (got "not-an-address")',
    ],
    [
      { TRUST_PROXY: 'yes' },
      'Invalid configuration: TRUST_PROXY must be false, a number of proxy hops from 1 to 10, or proxy addresses/CIDR ranges separated by commas (got "yes")',
    ],
    [
      { TRUST_PROXY: 'true' },
      'Invalid configuration: TRUST_PROXY must be the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.1,10.0.0.0/8), not "true": that would let any client choose its address (got "true")',
    ],
    [
      { REDIS_URL: 'http://127.0.0.1:6379' },
      'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL (got "http://127.0.0.1:6379")',
    ],
  ])('stops on a bad value with one line naming the variable: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
