import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLocalSite, loadConfig } from './config.ts';

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
      vatRegistered: false,
    });
  });

  it('answers ticket mail at the contact address, and receives it only when a port is set', () => {
    expect(loadConfig({ CONTACT_EMAIL: 'Help@Example.co.za' }).ticketMail).toEqual({
      replyAddress: 'help@example.co.za',
      inbound: null,
      imap: null,
    });
    expect(
      loadConfig({ TICKET_REPLY_ADDRESS: 'support@example.co.za', INBOUND_SMTP_PORT: '2525' })
        .ticketMail,
    ).toEqual({
      replyAddress: 'support@example.co.za',
      inbound: { host: '127.0.0.1', port: 2525, maxBytes: 25 * 1024 * 1024 },
      imap: null,
    });
    expect(
      loadConfig({ INBOUND_IMAP_URL: 'imaps://support%40example.co.za:p%40ss@imap.example.co.za' })
        .ticketMail.imap,
    ).toEqual({
      host: 'imap.example.co.za',
      port: 993,
      secure: true,
      user: 'support@example.co.za',
      password: 'p@ss',
      mailbox: 'INBOX',
      everySeconds: 60,
      maxBytes: 25 * 1024 * 1024,
    });
    expect(() => loadConfig({ INBOUND_IMAP_URL: 'imap://imap.example.co.za' })).toThrow(
      'INBOUND_IMAP_URL must name the mailbox login',
    );
    expect(() => loadConfig({ TICKET_REPLY_ADDRESS: 'support' })).toThrow(
      'TICKET_REPLY_ADDRESS must be an e-mail address',
    );
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_SMTP_MAX_MB: '500' })).toThrow(
      'INBOUND_SMTP_MAX_MB must be a number of megabytes from 1 to 100',
    );
  });

  it('runs a worker per core on PostgreSQL and one on the embedded database', () => {
    const postgres = 'postgres://shop@127.0.0.1:5432/shop';
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: postgres }).webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: postgres, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      'Invalid configuration: WEB_CONCURRENCY must be 1 without DATABASE_URL: the embedded database runs in one process (got 2)',
    );
    expect(() => loadConfig({ DATABASE_URL: postgres, WEB_CONCURRENCY: 'many' })).toThrow(
      'WEB_CONCURRENCY must be a whole number of workers from 1 to 64',
    );
    expect(() => loadConfig({ DATABASE_URL: postgres, WEB_CONCURRENCY: '0' })).toThrow(
      'WEB_CONCURRENCY must be a whole number of workers from 1 to 64',
    );
  });

  it('logs readable lines in development or at a terminal, JSON for a log reader', () => {
    const atTerminal = process.stdout.isTTY;
    try {
      process.stdout.isTTY = false;
      expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
      expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
      expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
      process.stdout.isTTY = true;
      expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('pretty');
      expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'json' }).logFormat).toBe('json');
    } finally {
      process.stdout.isTTY = atTerminal;
    }
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT must be pretty or json');
  });

  it('reads a blank value as the default, as an environment file with KEY= gives it', () => {
    const blank = loadConfig({
      NODE_ENV: '',
      HOST: '',
      PORT: '',
      DATA_DIR: '',
      CLIENT_DIR: '',
      LOG_LEVEL: '',
    });
    const defaults = loadConfig({});
    expect(blank.port).toBe(5000);
    expect(blank.host).toBe(defaults.host);
    expect(blank.dataDir).toBe(defaults.dataDir);
    expect(blank.clientDir).toBe(defaults.clientDir);
    expect(blank.env).toBe('development');
    expect(blank.logLevel).toBe('info');
  });

  it('needs the supplier address with a VAT number: a tax invoice shows it', () => {
    expect(() => loadConfig({ SUPPLIER_VAT_NUMBER: '4123456789' })).toThrow(
      'Invalid configuration: SUPPLIER_ADDRESS must be set when SUPPLIER_VAT_NUMBER is set',
    );
    const registered = loadConfig({
      SUPPLIER_VAT_NUMBER: '4123456789',
      SUPPLIER_ADDRESS: '1 Long Street, Cape Town, 8001',
    });
    expect(registered.site.vatRegistered).toBe(true);
    expect(loadConfig({}).site.vatRegistered).toBe(false);
  });

  it('reads the site settings and strips a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      SITE_NAME: 'Ubuntu Web',
      CONTACT_EMAIL: 'info@ubuntuweb.co.za',
      EXAMPLE_HOST: 'mybiz.co.za',
      PUBLIC_URL: 'https://ubuntuweb.co.za/',
      PORT: '8080',
      PAYFAST_MODE: 'sandbox',
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
    [
      { PAYFAST_MERCHANT_ID: '10012345', PAYFAST_MERCHANT_KEY: 'abcdef12345' },
      'Invalid configuration: PAYFAST_MODE must be set to live or sandbox when PayFast merchant credentials (PAYFAST_MERCHANT_ID, PAYFAST_MERCHANT_KEY) are set',
    ],
    [
      { PAYFAST_MERCHANT_ID: '10012345' },
      'Invalid configuration: PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY must be set together',
    ],
    [
      { PUBLIC_URL: 'https://shop.example.co.za' },
      'Invalid configuration: PAYFAST_MODE must be set when PUBLIC_URL (https://shop.example.co.za) is not a local address: live with PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY for real payments, or sandbox or simulator for test payments only',
    ],
    [
      { PUBLIC_URL: 'http://localhost:5000', PAYFAST_MODE: 'live' },
      'Invalid configuration: PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY must be set when PAYFAST_MODE is live',
    ],
    [
      { PAYFAST_MODE: 'test' },
      'Invalid configuration: PAYFAST_MODE must be live, sandbox or simulator (got "test")',
    ],
  ])('stops on a bad value with one line naming the variable: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    expect(message).not.toContain('\n');
  });
});

describe('PayFast mode', () => {
  it('defaults to the simulator on a local site, posting its form to the host in use', () => {
    for (const url of [undefined, 'http://127.0.0.1:5099', 'http://192.168.1.20:5000']) {
      const { payfast } = loadConfig(url ? { PUBLIC_URL: url } : {});
      expect(payfast.mode, url).toBe('simulator');
      expect(payfast.processUrl, url).toBe('/payfast-simulator/eng/process');
      expect(payfast.validateUrl, url).toBe(
        `${url ?? 'http://localhost:5000'}/payfast-simulator/eng/query/validate`,
      );
    }
  });

  it('runs the simulator on a public site only when PAYFAST_MODE says so', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://demo.example.co.za',
      PAYFAST_MODE: 'simulator',
    });
    expect(config.payfast.mode).toBe('simulator');
    expect(config.payfast.verifySource).toBe(false);
  });

  it('takes bank transfers into the configured account, test details only outside live mode', () => {
    expect(loadConfig({}).eft).toMatchObject({ test: true, keepDays: 7, bankName: 'Test Bank' });
    const live = {
      PAYFAST_MERCHANT_ID: '10012345',
      PAYFAST_MERCHANT_KEY: 'abcdef12345',
      PAYFAST_MODE: 'live',
      PUBLIC_URL: 'https://a.co.za',
    };
    expect(loadConfig(live).eft).toBeNull();
    const account = {
      EFT_BANK_NAME: 'First National Bank',
      EFT_ACCOUNT_HOLDER: 'Sebenza Digital (Pty) Ltd',
      EFT_ACCOUNT_NUMBER: '62812345678',
      EFT_BRANCH_CODE: '250655',
      EFT_KEEP_DAYS: '5',
    };
    expect(loadConfig({ ...live, ...account }).eft).toEqual({
      bankName: 'First National Bank',
      accountHolder: 'Sebenza Digital (Pty) Ltd',
      accountNumber: '62812345678',
      branchCode: '250655',
      accountType: 'current',
      keepDays: 5,
      test: false,
    });
    expect(() => loadConfig({ EFT_BANK_NAME: 'First National Bank' })).toThrow(
      'Invalid configuration: EFT_ACCOUNT_HOLDER, EFT_ACCOUNT_NUMBER, EFT_BRANCH_CODE must be set too: bank transfers need the bank, account holder, account number and branch code together',
    );
    expect(() => loadConfig({ ...account, EFT_BRANCH_CODE: '25065' })).toThrow(
      'Invalid configuration: EFT_BRANCH_CODE must be 6 digits (got "25065")',
    );
    expect(() => loadConfig({ EFT_KEEP_DAYS: '60' })).toThrow('EFT_KEEP_DAYS must be 1 to 30 days');
  });

  it('takes the mode named with merchant credentials', () => {
    const credentials = { PAYFAST_MERCHANT_ID: '10012345', PAYFAST_MERCHANT_KEY: 'abcdef12345' };
    const live = loadConfig({
      ...credentials,
      PAYFAST_MODE: 'live',
      PUBLIC_URL: 'https://a.co.za',
    });
    expect(live.payfast).toMatchObject({
      mode: 'live',
      merchantId: '10012345',
      passphrase: undefined,
      processUrl: 'https://www.payfast.co.za/eng/process',
      verifySource: true,
    });
    const sandbox = loadConfig({ ...credentials, PAYFAST_MODE: 'sandbox' });
    expect(sandbox.payfast.processUrl).toBe('https://sandbox.payfast.co.za/eng/process');
  });

  it.each([
    ['http://localhost:5000', true],
    ['http://127.0.0.1:5099', true],
    ['http://127.8.9.10', true],
    ['http://[::1]:5000', true],
    ['http://10.0.0.7', true],
    ['http://172.16.4.2', true],
    ['http://172.31.255.1', true],
    ['http://192.168.0.10:8080', true],
    ['http://169.254.10.1', true],
    ['http://[fd12:3456::1]', true],
    ['http://[fe80::1]', true],
    ['http://devbox:5000', true],
    ['http://shop.local', true],
    ['http://shop.lan', true],
    ['http://shop.home.arpa', true],
    ['http://app.localhost:5000', true],
    ['https://localhost:5000', false],
    ['https://shop.example.co.za', false],
    ['http://shop.example.co.za', false],
    ['http://172.32.0.1', false],
    ['http://8.8.8.8', false],
    ['http://[2001:db8::1]', false],
    ['http://100.64.0.1', false],
  ])('%s is local: %s', (url, local) => {
    expect(isLocalSite(url)).toBe(local);
  });
});
