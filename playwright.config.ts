import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { e2eAdmin } from './tests/e2e/fixtures/admin.ts';
import { mailboxUrl } from './tests/e2e/fixtures/mailbox.ts';
import { serverNodeFlags } from './src/server/node-flags.ts';
import { mailboxLogin } from './tests/helpers/dovecot.ts';

const port = Number(process.env.E2E_PORT ?? 5099);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 5098);
const mailPort = Number(process.env.E2E_MAIL_PORT ?? 5097);
const imapPort = Number(process.env.E2E_IMAP_PORT ?? 5096);
const inboundPort = Number(process.env.E2E_INBOUND_PORT ?? 5095);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // One more try for a test that fails once: on two loaded cores a lazy page chunk has been seen
  // not to arrive within 10 s (domains renew, projects; both pass alone). Playwright reports such a
  // test as flaky in its list, so it stays visible.
  retries: 1,
  // Two cores carry the server, two browsers and axe: the budgets leave room for a busy moment
  // (a test that needs it still fails, just not on a slow second).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recorded on the retry of a failing test only: a trace kept for every test cost the run a
    // screenshot per action (Chromium's GPU process was the busiest of all, at 47 CPU-s for the
    // accounts spec, 8 without).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node tests/e2e/mail-catcher.ts',
      url: mailboxUrl,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_PORT: String(mailPort) },
    },
    {
      command: 'node tests/e2e/mailbox-server.ts',
      port: imapPort,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_IMAP_PORT: String(imapPort) },
    },
    {
      // The administrator is made the way operators make one: with the CLI, before the server starts.
      command: `(node scripts/admin.ts create --email ${e2eAdmin.email} --name "${e2eAdmin.name}" || true) && node ${serverNodeFlags.join(' ')} src/server/server.ts`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: process.env.E2E_DATA_DIR ?? join(tmpdir(), `sebenza-e2e-${port}`),
        ADMIN_PASSWORD: e2eAdmin.password,
        // Production asks every administrator for a second factor; the shared e2e administrator
        // signs in with a password alone, so every spec can. administrators.spec.ts enrols its
        // own, and the API tests cover the required mode.
        ADMIN_REQUIRE_2FA: 'false',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // Support mail in, both ways: the receiver a relay hands mail to, and the polled mailbox.
        INBOUND_SMTP_PORT: String(inboundPort),
        INBOUND_IMAP_URL: `imap://${encodeURIComponent(mailboxLogin.user)}:${mailboxLogin.password}@127.0.0.1:${imapPort}`,
        INBOUND_IMAP_EVERY_SECONDS: '10',
        LOG_LEVEL: 'warn',
        // Every test browser is 127.0.0.1, which would soon hit the per-address limits (20
        // sign-ups an hour); the limits themselves are covered by the API tests.
        RATE_LIMIT_ALLOW: '127.0.0.1',
        // Speed reports measure the local test pages of speed-reports.spec.ts (tests only).
        SPEED_REPORT_ALLOW_HOSTS: '127.0.0.1',
      },
    },
  ],
});
