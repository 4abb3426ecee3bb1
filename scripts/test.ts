import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildStamp, stampFile } from './build-stamp.ts';
import { caddyPath, dovecotPath, ensureDebianPackage } from './debian-packages.ts';

/** `npm test`: lint, format, typecheck, unit + API tests, then end-to-end tests in Chromium. */
const root = resolve(import.meta.dirname, '..');
const reports = mkdtempSync(join(tmpdir(), 'sebenza-test-'));

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, ...env },
  });
  console.log(`⏱ ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    summary();
    process.exit(result.status ?? 1);
  }
}

/** Runs the checks at once, each one's output printed whole when it ends; stops on a failure. */
async function runTogether(checks: [label: string, command: string, args: string[]][]) {
  const started = performance.now();
  const results = await Promise.all(
    checks.map(
      ([label, command, args]) =>
        new Promise<{ label: string; status: number | null; output: string; seconds: number }>(
          (done) => {
            const child = spawn(command, args, { cwd: root, env: process.env });
            let output = '';
            child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.on('close', (status) =>
              done({ label, status, output, seconds: (performance.now() - started) / 1000 }),
            );
          },
        ),
    ),
  );
  for (const { label, status, output, seconds } of results) {
    console.log(`\n▶ ${label}\n${output.trimEnd()}`);
    console.log(`⏱ ${label}: ${seconds.toFixed(1)} s`);
    if (status !== 0) {
      console.error(`✖ ${label} failed`);
      summary();
      process.exit(status ?? 1);
    }
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function readJson(file: string): Record<string, unknown> | null {
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)
    : null;
}

/** One closing line counting every test run: "N passed, N failed". */
function summary(): void {
  const unit = readJson(join(reports, 'vitest.json'));
  const e2e = readJson(join(reports, 'playwright.json'));
  const e2eStats = (e2e?.stats ?? {}) as Record<string, number>;
  const passed =
    Number(unit?.numPassedTests ?? 0) + (e2eStats.expected ?? 0) + (e2eStats.flaky ?? 0);
  const failed = Number(unit?.numFailedTests ?? 0) + (e2eStats.unexpected ?? 0);
  rmSync(reports, { recursive: true, force: true });
  console.log(`\n${passed} passed, ${failed} failed`);
}

const chromePath = ensureDebianPackage({
  name: 'chromium',
  binary: '/usr/bin/chromium',
  given: process.env.CHROME_PATH,
  neededFor: 'Chromium is needed for the end-to-end tests (or set CHROME_PATH)',
});
ensureDebianPackage({
  name: 'caddy',
  binary: caddyPath,
  neededFor: 'Caddy is needed for the deployment test',
});
ensureDebianPackage({
  name: 'dovecot-imapd',
  binary: dovecotPath,
  neededFor: 'Dovecot is needed for the support mailbox (IMAP) test',
});
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
// Each of the three is one thread: side by side they take the time of the slowest.
await runTogether([
  ['Lint (eslint)', bin('eslint'), ['.']],
  ['Format (prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['Typecheck (tsc)', bin('tsc'), ['--noEmit']],
]);
run('Unit and API tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, 'vitest.json')}`,
]);
const stamp = stampFile(root);
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== buildStamp(root)) {
  run('Build the client', process.execPath, ['scripts/build.ts', '--if-stale']);
}
const dataDir = mkdtempSync(join(tmpdir(), 'sebenza-e2e-'));
run('End-to-end tests (playwright, chromium)', bin('playwright'), ['test'], {
  CHROME_PATH: chromePath,
  E2E_PORT: String(await freePort()),
  E2E_SMTP_PORT: String(await freePort()),
  E2E_MAIL_PORT: String(await freePort()),
  E2E_IMAP_PORT: String(await freePort()),
  E2E_INBOUND_PORT: String(await freePort()),
  E2E_DATA_DIR: dataDir,
  PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json'),
});
rmSync(dataDir, { recursive: true, force: true });
summary();
