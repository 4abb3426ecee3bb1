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
      'Invalid configuration: TRUST_PROXY must be true or false (got "yes")',
    ],
  ])('stops on a bad value with one line naming the variable: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
