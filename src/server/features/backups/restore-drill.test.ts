import { saToday } from '#shared/dates.ts';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '#db/schema/index.ts';
import { formatZAR } from '#shared/money.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { signUp } from '../../../../tests/helpers/accounts.ts';
import { signInAdmin } from '../../../../tests/helpers/admins.ts';
import { freePort } from '../../../../tests/helpers/free-port.ts';
import { moneyJourneys } from '../../../../tests/helpers/money-journeys.ts';
import { listBackupFiles, manifestPath } from './backup-files.ts';
import { runRestoreDrill } from './restore-drill.ts';

/**
 * Issue 27 §5: the restore drill, on both engines (PostgreSQL when TEST_DATABASE_URL is set).
 * A shop sells for real — a card payment on the PayFast simulator, a bank transfer recorded by
 * an owner, an order left unpaid — an owner takes a backup, and `npm run backup:restore-drill`
 * restores it into a scratch database and finds every row and the latest invoice; a backup
 * that does not match its manifest fails the drill with a non-zero exit.
 */
type Engine = 'embedded' | 'postgres';
const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];
const root = resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

/** A listening shop on `engine`, writing backups into `dir`. */
async function shopOn(engine: Engine, dir: string): Promise<{ t: TestApp; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PUBLIC_URL: base,
    RATE_LIMIT_ALLOW: '127.0.0.1',
    BACKUP_DIR: dir,
    BACKUP_EVERY_HOURS: '0',
  };
  const t = await createTestApp(env, { embedded: engine === 'embedded' });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base };
}

/** `npm run backup:restore-drill` as an operator runs it, with the server's settings. */
async function drillCommand(dir: string, databaseUrl: string | undefined) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    BACKUP_DIR: dir,
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl ?? '',
  };
  try {
    const { stdout } = await run(
      join(root, 'node_modules/.bin/node'),
      ['scripts/restore-drill.ts'],
      {
        cwd: root,
        env,
      },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout + failed.stderr };
  }
}

describe.each(engines)('the restore drill on the %s database', (engine) => {
  let dir: string;
  let t: TestApp;
  let latest: { number: number; totalCents: number };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `sebenza-drill-${engine}-`));
    const shop = await shopOn(engine, dir);
    t = shop.t;
    const customer = await signUp(t.app, { fullName: 'Naledi Khumalo' });
    const owner = await signInAdmin(t.app);
    const money = moneyJourneys(t.app, shop.base, { customer, owner });
    const byCard = await money.placeOrder();
    await money.payByCard(byCard.reference);
    const byTransfer = await money.placeOrder('website-starter');
    await money.chooseBankTransfer(byTransfer.reference);
    await money.recorded({
      orderReference: byTransfer.reference,
      amount: byTransfer.total,
      receivedOn: saToday(),
      bankReference: `KHUMALO ${byTransfer.reference}`,
    });
    await money.placeOrder();
    const [invoice] = await t.app.database.db
      .select({ number: invoices.number, totalCents: invoices.totalCents })
      .from(invoices)
      .orderBy(desc(invoices.number))
      .limit(1);
    latest = invoice!;
    expect(latest.totalCents).toBe(Math.round(byTransfer.total * 100));
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/backups',
      headers: { cookie: owner.cookie },
      payload: {},
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores the newest backup and finds every row and the latest invoice', async () => {
    const [backup] = await listBackupFiles(dir);
    expect(backup!.manifest).toMatchObject({
      engine,
      verification: { ok: true },
      facts: { latestInvoice: latest, tables: { orders: 3, invoices: 2 } },
    });
    const { code, stdout } = await drillCommand(dir, t.app.database.url);
    expect(code, stdout).toBe(0);
    expect(stdout).toContain(`Restore drill: ${backup!.name}`);
    expect(stdout).toContain(
      engine === 'embedded' ? 'into a fresh in-memory PGlite' : 'into scratch database',
    );
    expect(stdout).toMatch(/\n {2}orders +3 +3\n/);
    expect(stdout).toContain(
      `latest invoice: backup #${latest.number}, ${formatZAR(latest.totalCents)}; restored #${latest.number}, ${formatZAR(latest.totalCents)} (match)`,
    );
    expect(stdout).toMatch(/PASSED: all \d+ tables and the latest invoice match/);
  });

  it('fails, exiting non-zero, when the restored rows or invoice differ from the manifest', async () => {
    const [backup] = await listBackupFiles(dir);
    const file = manifestPath(backup!.path);
    const original = readFileSync(file, 'utf8');
    const manifest = JSON.parse(original) as {
      facts: { tables: Record<string, number>; latestInvoice: { totalCents: number } };
    };
    manifest.facts.tables.orders! += 1;
    manifest.facts.latestInvoice.totalCents += 100;
    writeFileSync(file, JSON.stringify(manifest));
    try {
      const report = await runRestoreDrill({ backupDir: dir, databaseUrl: t.app.database.url });
      expect(report.ok).toBe(false);
      expect(report.lines.slice(-3)).toEqual([
        'FAILED: 2 problems',
        '  - table orders has 3 rows, the backup says 4',
        `  - latest invoice is #${latest.number} of ${latest.totalCents} cents, the backup says #${latest.number} of ${latest.totalCents + 100} cents`,
      ]);
      const { code, stdout } = await drillCommand(dir, t.app.database.url);
      expect(code, stdout).toBe(1);
      expect(stdout).toContain('<- MISMATCH');
    } finally {
      writeFileSync(file, original);
    }
  });

  it('says so when there is nothing to restore, or a file is not what its manifest says', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'sebenza-drill-empty-'));
    try {
      const none = await runRestoreDrill({ backupDir: empty });
      expect(none).toMatchObject({ ok: false, backup: null });
      expect(none.lines.at(-1)).toBe('FAILED: no backup there to restore');
    } finally {
      rmSync(empty, { recursive: true });
    }
    const [backup] = await listBackupFiles(dir);
    const file = manifestPath(backup!.path);
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(/"sha256": "[0-9a-f]+"/, `"sha256": "${'0'.repeat(64)}"`));
    try {
      const report = await runRestoreDrill({ backupDir: dir, databaseUrl: t.app.database.url });
      expect(report.ok).toBe(false);
      expect(report.lines).toContain('  checksum    DIFFERS from the manifest');
    } finally {
      writeFileSync(file, original);
    }
  });
});
