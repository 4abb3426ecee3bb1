import { isIP } from 'node:net';
import { realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { siteEnvSchema, toSiteConfig } from '#shared/site-env.ts';
import { readZacrConfig, zacrEnvShape } from './integrations/registrar/zacr/zacr-config.ts';
import type { ZacrConfig } from './integrations/registrar/zacr/zacr-registrar.ts';
import type { SiteConfig } from '#shared/site.ts';

/**
 * The build a server starts with, followed through the `dist` link (scripts/build-folder.ts): a
 * later build moves the link, not the files this server serves.
 */
function builtFolder(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = siteEnvSchema.extend({
  // A blank value (`KEY=` in an environment file) means the default, as for every setting.
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(5000),
  ),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  LOG_FORMAT: z.preprocess(
    emptyAsUndefined,
    z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
  ),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => value !== 'true', {
        error:
          'must be the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.1,10.0.0.0/8), not "true": that would let any client choose its address',
      })
      .refine(
        (value) =>
          value === 'false' ||
          /^(?:[1-9]|10)$/.test(value) ||
          /^[0-9a-f.:]+(?:\/\d{1,3})?(?:,[0-9a-f.:]+(?:\/\d{1,3})?)*$/i.test(value),
        {
          error:
            'must be false, a number of proxy hops from 1 to 10, or proxy addresses/CIDR ranges separated by commas',
        },
      )
      .default('false'),
  ),
  // Blank means: as many workers as cores with DATABASE_URL, one on the embedded database.
  WEB_CONCURRENCY: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number of workers from 1 to 64' })
      .int({ error: 'must be a whole number of workers from 1 to 64' })
      .min(1, { error: 'must be a whole number of workers from 1 to 64' })
      .max(64, { error: 'must be a whole number of workers from 1 to 64' })
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  CLIENT_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./dist/client')),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
  TICKET_REPLY_ADDRESS: z.preprocess(
    emptyAsUndefined,
    z.email({ error: 'must be an e-mail address such as support@example.co.za' }).optional(),
  ),
  INBOUND_SMTP_PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .optional(),
  ),
  INBOUND_SMTP_HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('127.0.0.1')),
  INBOUND_IMAP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({
        protocol: /^imaps?$/,
        error:
          'must be an imap:// or imaps:// URL with the mailbox login, e.g. imaps://user:pass@imap.example.co.za',
      })
      .refine(
        (url) => new URL(url).username !== '',
        'must name the mailbox login (imaps://user:pass@host)',
      )
      .optional(),
  ),
  INBOUND_IMAP_EVERY_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds from 10 to 3600' })
      .int('must be a number of seconds from 10 to 3600')
      .min(10, 'must be a number of seconds from 10 to 3600')
      .max(3600, 'must be a number of seconds from 10 to 3600')
      .default(60),
  ),
  INBOUND_SMTP_MAX_MB: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of megabytes from 1 to 100' })
      .int('must be a number of megabytes from 1 to 100')
      .min(1, 'must be a number of megabytes from 1 to 100')
      .max(100, 'must be a number of megabytes from 1 to 100')
      .default(25),
  ),
  APP_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(
        32,
        'must be at least 32 characters (for example the output of: openssl rand -base64 32)',
      )
      .optional(),
  ),
  USD_ZAR_RATE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of rands per US dollar' })
      .positive('must be a positive number of rands per US dollar')
      .max(1000, 'must be a number of rands per US dollar')
      .default(18.5),
  ),
  RATE_LIMIT_ALLOW: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[0-9a-f.:]+(,[0-9a-f.:]+)*$/i, 'must be IP addresses separated by commas')
      .optional(),
  ),
  PAYFAST_MODE: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['live', 'sandbox', 'simulator'], { error: 'must be live, sandbox or simulator' })
      .optional(),
  ),
  PAYFAST_MERCHANT_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{1,20}$/, 'must be digits')
      .optional(),
  ),
  PAYFAST_MERCHANT_KEY: z.preprocess(emptyAsUndefined, z.string().min(5).max(50).optional()),
  PAYFAST_PASSPHRASE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_/-]+$/, 'may contain letters, digits and - _ / only')
      .optional(),
  ),
  PAYFAST_PROCESS_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  PAYFAST_VALIDATE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  PAYFAST_API_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  PAYFAST_VERIFY_SOURCE: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  ),
  EFT_BANK_NAME: z.preprocess(emptyAsUndefined, z.string().max(60).optional()),
  EFT_ACCOUNT_HOLDER: z.preprocess(emptyAsUndefined, z.string().max(120).optional()),
  EFT_ACCOUNT_NUMBER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{6,16}$/, 'must be 6 to 16 digits')
      .optional(),
  ),
  EFT_BRANCH_CODE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{6}$/, 'must be 6 digits')
      .optional(),
  ),
  EFT_ACCOUNT_TYPE: z.preprocess(
    emptyAsUndefined,
    z.enum(['current', 'savings'], { error: 'must be current or savings' }).default('current'),
  ),
  EFT_KEEP_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be 1 to 30 days')
      .max(30, 'must be 1 to 30 days')
      .default(7),
  ),
  ADMIN_REQUIRE_2FA: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  ),
  SUPPLIER_NAME: z.preprocess(emptyAsUndefined, z.string().max(120).optional()),
  SUPPLIER_ADDRESS: z.preprocess(emptyAsUndefined, z.string().max(300).optional()),
  SUPPLIER_VAT_NUMBER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^4\d{9}$/, 'must be a 10-digit South African VAT number starting with 4')
      .optional(),
  ),
  SUPPLIER_REGISTRATION_NUMBER: z.preprocess(emptyAsUndefined, z.string().max(30).optional()),
  SUPPLIER_PHONE: z.preprocess(emptyAsUndefined, z.string().max(30).optional()),
  DNSIMPLE_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(10).optional()),
  DNSIMPLE_ACCOUNT_ID: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be the numeric DNSimple account id' })
      .int()
      .positive()
      .optional(),
  ),
  DNSIMPLE_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('https://api.dnsimple.com'),
  ),
  HOSTING_IPV4: z.preprocess(
    emptyAsUndefined,
    z
      .ipv4({ error: 'must be the IPv4 address of the server that hosts customer websites' })
      .optional(),
  ),
  REGISTRAR_CONCURRENCY: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of registrar steps from 1 to 16' })
      .int('must be a number of registrar steps from 1 to 16')
      .min(1, 'must be a number of registrar steps from 1 to 16')
      .max(16, 'must be a number of registrar steps from 1 to 16')
      .default(4),
  ),
  CHROME_PATH: z.preprocess(emptyAsUndefined, z.string().min(1).default('/usr/bin/chromium')),
  SPEED_REPORT_CONCURRENCY: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of browsers from 1 to 8' })
      .int('must be a number of browsers from 1 to 8')
      .min(1, 'must be a number of browsers from 1 to 8')
      .max(8, 'must be a number of browsers from 1 to 8')
      .default(1),
  ),
  SPEED_REPORT_ALLOW_HOSTS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[^\s,]+(,[^\s,]+)*$/, 'must be host names or addresses separated by commas')
      .optional(),
  ),
  SPEED_REPORT_TIMEOUT_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of seconds from 5 to 60' })
      .int('must be a number of seconds from 5 to 60')
      .min(5, 'must be a number of seconds from 5 to 60')
      .max(60, 'must be a number of seconds from 5 to 60')
      .default(60),
  ),
  SPEED_REPORT_QUEUE_LIMIT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of reports from 1 to 1000' })
      .int('must be a number of reports from 1 to 1000')
      .min(1, 'must be a number of reports from 1 to 1000')
      .max(1000, 'must be a number of reports from 1 to 1000')
      .default(10),
  ),
  BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  BACKUP_EVERY_HOURS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number of hours from 0 (off) to 168' })
      .int('must be a whole number of hours from 0 (off) to 168')
      .min(0, 'must be a whole number of hours from 0 (off) to 168')
      .max(168, 'must be a whole number of hours from 0 (off) to 168')
      .default(24),
  ),
  BACKUP_KEEP: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number of backups to keep from 1 to 1000' })
      .int('must be a number of backups to keep from 1 to 1000')
      .min(1, 'must be a number of backups to keep from 1 to 1000')
      .max(1000, 'must be a number of backups to keep from 1 to 1000')
      .default(14),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^[\x21-\x7e]{16,}$/,
        'must be at least 16 characters without spaces (for example the output of: openssl rand -hex 32)',
      )
      .optional(),
  ),
  METRICS_ALLOW: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (value) =>
          value === 'none' || value.split(',').every((entry) => isAddressOrRange(entry.trim())),
        'must be IP addresses or CIDR ranges separated by commas (e.g. 127.0.0.1,::1,10.0.0.0/8), or none',
      )
      .default('127.0.0.1,::1'),
  ),
  ...zacrEnvShape,
});

/** One METRICS_ALLOW entry: an IPv4 or IPv6 address, or a CIDR range of either. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',');
}

/** A mailbox read over IMAP (INBOUND_IMAP_URL). */
export interface ImapMailbox {
  host: string;
  port: number;
  /** TLS from the start (imaps://); imap:// upgrades with STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** The folder read: the URL's path, else INBOX. */
  mailbox: string;
  everySeconds: number;
  /** The largest mail taken in (INBOUND_SMTP_MAX_MB). */
  maxBytes: number;
}

function imapMailbox(url: string, everySeconds: number, maxBytes: number): ImapMailbox {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    mailbox: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'INBOX',
    everySeconds,
    maxBytes,
  };
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  /** `pretty`: one readable line per event; `json`: pino's lines, for a log reader. */
  logFormat: 'pretty' | 'json';
  /**
   * Which proxies' X-Forwarded-For to believe: none (false), the nearest N hops, or these
   * addresses; never everyone.
   */
  trustProxy: false | number | string[];
  /** How many worker processes serve (WEB_CONCURRENCY); above 1 a primary process runs them. */
  webConcurrency: number;
  /** Redis for the rate-limit counters shared by every process; else PostgreSQL or memory. */
  redisUrl: string | undefined;
  clientDir: string;
  site: SiteConfig;
  /** SMTP server for outgoing mail; without it mail stays in the outbox table. */
  smtpUrl: string | undefined;
  /**
   * The key that encrypts secrets at rest (TOTP secrets): APP_SECRET, or else a key generated
   * once and kept in `file` (the embedded default), or one for this process (`memory://`).
   */
  appSecret: { value: string } | { file: string } | { ephemeral: true };
  mailFrom: string;
  /** Where ticket mail is answered, and the SMTP receiver that takes the answers in. */
  ticketMail: {
    /** The support address; each ticket's reply address is it with a signed `+t-…` tag. */
    replyAddress: string;
    /** INBOUND_SMTP_PORT set: the receiver listens there (off by default). */
    inbound: { host: string; port: number; maxBytes: number } | null;
    /** INBOUND_IMAP_URL set: the mailbox polled for support mail (off by default). */
    imap: ImapMailbox | null;
  };
  /** Cookies are `Secure` when the site is served over HTTPS. */
  secureCookies: boolean;
  /** Administrators must set up a TOTP second factor before using the back office. */
  adminRequire2fa: boolean;
  usdZarRate: number;
  /** The server hosting customer websites: the "our website hosting" DNS template points here. */
  hostingIpv4: string | undefined;
  /** Registrations, renewals and transfers carried out at once (the `registrar` job lane). */
  registrarConcurrency: number;
  /** Addresses the rate limits never apply to (monitoring, load tests). */
  rateLimitAllow: string[];
  payfast: PayfastConfig;
  /** Bank transfers (EFT): the account customers pay into; null when the site takes none. */
  eft: EftConfig | null;
  /** Who issues the invoices; with a VAT number they are tax invoices. */
  supplier: {
    name: string;
    address: string;
    vatNumber: string | undefined;
    registrationNumber: string | undefined;
    /** The telephone number on the documents' letterhead. */
    phone: string | undefined;
  };
  /** DNSimple when a token is set; otherwise the local registrar. */
  dnsimple: { token: string; accountId: number; baseUrl: string } | undefined;
  /** ZACR's EPP server (the .za registry) when the ZACR_* settings are set. */
  zacr: ZacrConfig | undefined;
  /** Website speed reports (Lighthouse in Chromium). */
  speedReports: SpeedReportsConfig;
  /** Scheduled backups (features/backups). */
  backups: BackupsConfig;
  /** Who may read /metrics (features/metrics). */
  metrics: MetricsConfig;
}

export interface MetricsConfig {
  /** METRICS_TOKEN: a scraper sending `Authorization: Bearer <token>` is let in from anywhere. */
  token: string | undefined;
  /** METRICS_ALLOW: addresses and CIDR ranges let in without a token (none: token only). */
  allow: string[];
}

export interface BackupsConfig {
  /** BACKUP_DIR, else DATA_DIR/backups; null with an in-memory DATA_DIR and no BACKUP_DIR. */
  dir: string | null;
  /** Hours between scheduled backups; 0 turns the schedule off (an owner can still take one). */
  everyHours: number;
  /** How many verified backups are kept, newest first. */
  keep: number;
}

export interface SpeedReportsConfig {
  chromePath: string;
  /** Chromiums measuring at once in this process. */
  concurrency: number;
  /** Hosts let through whatever they resolve to: tests and local use only (SSRF). */
  allowHosts: string[];
  /** The hard cut of one report. */
  deadlineMs: number;
  /** Free reports waiting or running, across every process, past which a new one is refused. */
  queueLimit: number;
}

export interface EftConfig {
  bankName: string;
  accountHolder: string;
  accountNumber: string;
  branchCode: string;
  accountType: 'current' | 'savings';
  /** Days an order paid by bank transfer is kept before it is cancelled unpaid. */
  keepDays: number;
  /** Made-up details for trying the site out (no real money can arrive). */
  test: boolean;
}

export interface PayfastConfig {
  mode: 'live' | 'sandbox' | 'simulator';
  merchantId: string;
  merchantKey: string;
  passphrase: string | undefined;
  /** Where the browser posts the form: absolute, or a same-site path for the simulator. */
  processUrl: string;
  validateUrl: string;
  /** PayFast's REST API (refunds); the sandbox is the live host with `testing=true`. */
  apiUrl: string;
  verifySource: boolean;
}

/** PayFast's public sandbox merchant, used by the sandbox and the simulator when none is set. */
const sandboxMerchant = { id: '10000100', key: '46f0cd694581a', passphrase: 'jt7NOE43FZPn' };

const payfastHosts = {
  live: 'https://www.payfast.co.za',
  sandbox: 'https://sandbox.payfast.co.za',
} as const;

export class ConfigError extends Error {}

/**
 * A site only its own machine or network can reach: plain http on localhost, a loopback, private
 * or link-local address, or a name the internet does not resolve (one label, `.localhost`,
 * `.local`, `.lan`, `.internal`, `.home.arpa`). Only there may the simulator be the default.
 */
export function isLocalSite(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  if (url.protocol !== 'http:') return false;
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const ip = isIP(host);
  if (ip === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  // ::1, unique-local fc00::/7, link-local fe80::/10.
  if (ip === 6) return host === '::1' || /^f[cd]|^fe[89ab]/.test(host);
  return !host.includes('.') || /\.(?:localhost|local|lan|internal|home\.arpa)$/.test(host);
}

/**
 * Which PayFast the site uses. Nothing may take customers to the simulator by accident: only a
 * local site defaults to it; a public one, or merchant credentials, must name the mode.
 */
function payfastMode(e: z.infer<typeof envSchema>, publicUrl: string): PayfastConfig['mode'] {
  if (e.PAYFAST_MODE) return e.PAYFAST_MODE;
  if (e.PAYFAST_MERCHANT_ID || e.PAYFAST_MERCHANT_KEY) {
    throw new ConfigError(
      'Invalid configuration: PAYFAST_MODE must be set to live or sandbox when PayFast merchant credentials (PAYFAST_MERCHANT_ID, PAYFAST_MERCHANT_KEY) are set',
    );
  }
  if (!isLocalSite(publicUrl)) {
    throw new ConfigError(
      `Invalid configuration: PAYFAST_MODE must be set when PUBLIC_URL (${publicUrl}) is not a local address: live with PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY for real payments, or sandbox or simulator for test payments only`,
    );
  }
  return 'simulator';
}

const eftDetails = {
  EFT_BANK_NAME: 'bankName',
  EFT_ACCOUNT_HOLDER: 'accountHolder',
  EFT_ACCOUNT_NUMBER: 'accountNumber',
  EFT_BRANCH_CODE: 'branchCode',
} as const;

/**
 * The bank account for EFT: all four details, or none. With none, a site taking test payments
 * only (PayFast sandbox or simulator) shows made-up test details; a live site takes no EFT.
 */
function eftConfig(e: z.infer<typeof envSchema>): EftConfig | null {
  const names = Object.keys(eftDetails) as (keyof typeof eftDetails)[];
  const missing = names.filter((name) => !e[name]);
  if (missing.length > 0 && missing.length < names.length) {
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')} must be set too: bank transfers need the bank, account holder, account number and branch code together`,
    );
  }
  const common = { accountType: e.EFT_ACCOUNT_TYPE, keepDays: e.EFT_KEEP_DAYS };
  if (missing.length === 0) {
    return {
      ...common,
      bankName: e.EFT_BANK_NAME!,
      accountHolder: e.EFT_ACCOUNT_HOLDER!,
      accountNumber: e.EFT_ACCOUNT_NUMBER!,
      branchCode: e.EFT_BRANCH_CODE!,
      test: false,
    };
  }
  if (e.PAYFAST_MODE === 'live') return null;
  return {
    ...common,
    bankName: 'Test Bank',
    accountHolder: `${e.SITE_NAME} (test account)`,
    accountNumber: '000012345678',
    branchCode: '000000',
    accountType: 'current',
    test: true,
  };
}

function payfastConfig(e: z.infer<typeof envSchema>, publicUrl: string): PayfastConfig {
  if (Boolean(e.PAYFAST_MERCHANT_ID) !== Boolean(e.PAYFAST_MERCHANT_KEY)) {
    throw new ConfigError(
      'Invalid configuration: PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY must be set together',
    );
  }
  const credentials = Boolean(e.PAYFAST_MERCHANT_ID && e.PAYFAST_MERCHANT_KEY);
  const mode = payfastMode(e, publicUrl);
  if (mode === 'live' && !credentials) {
    throw new ConfigError(
      'Invalid configuration: PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY must be set when PAYFAST_MODE is live',
    );
  }
  const base = mode === 'simulator' ? `${publicUrl}/payfast-simulator` : payfastHosts[mode];
  // The simulator's payment page is posted to on whatever host the customer opened the site on
  // (localhost, 127.0.0.1, a LAN name), so the CSP's form-action 'self' lets it through.
  const processBase = mode === 'simulator' ? '/payfast-simulator' : base;
  return {
    mode,
    merchantId: e.PAYFAST_MERCHANT_ID ?? sandboxMerchant.id,
    merchantKey: e.PAYFAST_MERCHANT_KEY ?? sandboxMerchant.key,
    passphrase: e.PAYFAST_PASSPHRASE ?? (credentials ? undefined : sandboxMerchant.passphrase),
    processUrl: e.PAYFAST_PROCESS_URL ?? `${processBase}/eng/process`,
    validateUrl: e.PAYFAST_VALIDATE_URL ?? `${base}/eng/query/validate`,
    apiUrl:
      e.PAYFAST_API_URL ?? (mode === 'simulator' ? `${base}/api` : 'https://api.payfast.co.za'),
    verifySource: e.PAYFAST_VERIFY_SOURCE
      ? e.PAYFAST_VERIFY_SOURCE === 'true'
      : mode !== 'simulator',
  };
}

/** Parses the environment once; the first bad value becomes one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const got = env[name] === undefined ? '' : ` (got "${env[name]}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${got}`);
  }
  const e = parsed.data;
  if (e.SUPPLIER_VAT_NUMBER && !e.SUPPLIER_ADDRESS) {
    throw new ConfigError(
      'Invalid configuration: SUPPLIER_ADDRESS must be set when SUPPLIER_VAT_NUMBER is set (a tax invoice shows the supplier’s address)',
    );
  }
  if (e.DNSIMPLE_TOKEN && !e.DNSIMPLE_ACCOUNT_ID) {
    throw new ConfigError(
      'Invalid configuration: DNSIMPLE_ACCOUNT_ID must be set when DNSIMPLE_TOKEN is set',
    );
  }
  const zacr = readZacrConfig(e);
  if (zacr.problem) throw new ConfigError(`Invalid configuration: ${zacr.problem}`);
  if (!e.APP_SECRET && e.NODE_ENV === 'production' && e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: APP_SECRET must be set in production with DATABASE_URL, the same in every process: it encrypts secrets kept in the database (for example the output of: openssl rand -base64 32)',
    );
  }
  if (!e.DATABASE_URL && (e.WEB_CONCURRENCY ?? 1) > 1) {
    throw new ConfigError(
      `Invalid configuration: WEB_CONCURRENCY must be 1 without DATABASE_URL: the embedded database runs in one process (got ${e.WEB_CONCURRENCY})`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const inMemory = e.DATA_DIR.startsWith('memory://');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : resolve(e.DATA_DIR, 'db'),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    // A person at a terminal reads lines; a service manager or log shipper reads JSON.
    logFormat:
      e.LOG_FORMAT ?? (e.NODE_ENV === 'development' || process.stdout.isTTY ? 'pretty' : 'json'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webConcurrency: e.WEB_CONCURRENCY ?? (e.DATABASE_URL ? availableParallelism() : 1),
    redisUrl: e.REDIS_URL,
    clientDir: builtFolder(resolve(e.CLIENT_DIR)),
    site: toSiteConfig(e),
    smtpUrl: e.SMTP_URL,
    appSecret: e.APP_SECRET
      ? { value: e.APP_SECRET }
      : inMemory
        ? { ephemeral: true }
        : { file: resolve(e.DATA_DIR, 'app-secret') },
    mailFrom: e.MAIL_FROM ?? `"${e.SITE_NAME}" <${e.CONTACT_EMAIL}>`,
    ticketMail: {
      replyAddress: (e.TICKET_REPLY_ADDRESS ?? e.CONTACT_EMAIL).toLowerCase(),
      inbound:
        e.INBOUND_SMTP_PORT === undefined
          ? null
          : {
              host: e.INBOUND_SMTP_HOST,
              port: e.INBOUND_SMTP_PORT,
              maxBytes: e.INBOUND_SMTP_MAX_MB * 1024 * 1024,
            },
      imap: e.INBOUND_IMAP_URL
        ? imapMailbox(
            e.INBOUND_IMAP_URL,
            e.INBOUND_IMAP_EVERY_SECONDS,
            e.INBOUND_SMTP_MAX_MB * 1024 * 1024,
          )
        : null,
    },
    secureCookies: publicUrl.startsWith('https://'),
    adminRequire2fa: e.ADMIN_REQUIRE_2FA
      ? e.ADMIN_REQUIRE_2FA === 'true'
      : e.NODE_ENV === 'production',
    usdZarRate: e.USD_ZAR_RATE,
    registrarConcurrency: e.REGISTRAR_CONCURRENCY,
    hostingIpv4: e.HOSTING_IPV4,
    payfast: payfastConfig(e, publicUrl),
    eft: eftConfig(e),
    supplier: {
      name: e.SUPPLIER_NAME ?? e.SITE_NAME,
      address: e.SUPPLIER_ADDRESS ?? 'Johannesburg East, South Africa',
      vatNumber: e.SUPPLIER_VAT_NUMBER,
      registrationNumber: e.SUPPLIER_REGISTRATION_NUMBER,
      phone: e.SUPPLIER_PHONE,
    },
    rateLimitAllow: e.RATE_LIMIT_ALLOW?.split(',') ?? [],
    dnsimple: e.DNSIMPLE_TOKEN
      ? {
          token: e.DNSIMPLE_TOKEN,
          accountId: e.DNSIMPLE_ACCOUNT_ID ?? 0,
          baseUrl: e.DNSIMPLE_BASE_URL,
        }
      : undefined,
    zacr: zacr.config,
    speedReports: {
      chromePath: e.CHROME_PATH,
      concurrency: e.SPEED_REPORT_CONCURRENCY,
      allowHosts:
        e.SPEED_REPORT_ALLOW_HOSTS?.split(',').map((host) =>
          host
            .replace(/^\[|\]$/g, '')
            .replace(/\.$/, '')
            .toLowerCase(),
        ) ?? [],
      deadlineMs: e.SPEED_REPORT_TIMEOUT_SECONDS * 1000,
      queueLimit: e.SPEED_REPORT_QUEUE_LIMIT,
    },
    backups: {
      // An in-memory database (tests) has no folder of its own to put backups beside.
      dir: e.BACKUP_DIR ? resolve(e.BACKUP_DIR) : inMemory ? null : resolve(e.DATA_DIR, 'backups'),
      everyHours: e.BACKUP_EVERY_HOURS,
      keep: e.BACKUP_KEEP,
    },
    metrics: {
      token: e.METRICS_TOKEN,
      allow:
        e.METRICS_ALLOW === 'none' ? [] : e.METRICS_ALLOW.split(',').map((entry) => entry.trim()),
    },
  };
}
