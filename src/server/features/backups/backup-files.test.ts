import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { backupFileName, backupPath, pruneBackups, type BackupManifest } from './backup-files.ts';
import { compareFacts } from './backup-facts.ts';
import { nextBackupRun } from './backups.service.ts';
import { runTool } from './pg-tools.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sebenza-backup-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A backup file with its manifest, as takeBackup leaves them. */
function backup(at: string, ok: boolean): string {
  const name = backupFileName(new Date(at), 'embedded', new Set(readdirSync(dir)));
  writeFileSync(join(dir, name), 'data');
  const manifest: BackupManifest = {
    format: 1,
    name,
    engine: 'embedded',
    createdAt: new Date(at).toISOString(),
    trigger: 'schedule',
    bytes: 4,
    sha256: '0'.repeat(64),
    facts: { tables: {}, latestInvoice: null },
    verification: {
      ok,
      checkedAt: new Date(at).toISOString(),
      detail: 'test',
      error: ok ? null : 'did not load',
    },
  };
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(manifest));
  return name;
}

describe('backup files', () => {
  it('are named by their UTC time and engine, a second one in the same second numbered', () => {
    const at = new Date('2026-01-05T00:00:00.123Z');
    expect(backupFileName(at, 'embedded', new Set())).toBe(
      'backup-20260105T000000Z-embedded.tar.gz',
    );
    expect(backupFileName(at, 'postgres', new Set(['backup-20260105T000000Z-postgres.dump']))).toBe(
      'backup-20260105T000000Z-2-postgres.dump',
    );
  });

  it('reach only backup names inside the folder', () => {
    expect(backupPath(dir, 'backup-20260105T000000Z-postgres.dump')).toBe(
      join(dir, 'backup-20260105T000000Z-postgres.dump'),
    );
    for (const name of [
      '../backup-20260105T000000Z-postgres.dump',
      'backup-20260105T000000Z-postgres.dump/../../x',
      'backup-20260105T000000Z-postgres.dump.json',
      '.backup-20260105T000000Z-postgres.dump.1.tmp',
      '/etc/passwd',
    ]) {
      expect(backupPath(dir, name), name).toBeNull();
    }
  });

  it('keep the newest verified ones; a failed one never pushes a good one out', async () => {
    const oldest = backup('2026-01-01T00:00:00Z', true);
    const failedOld = backup('2026-01-01T12:00:00Z', false);
    const second = backup('2026-01-02T00:00:00Z', true);
    const third = backup('2026-01-03T00:00:00Z', true);
    const failedNew = backup('2026-01-03T12:00:00Z', false);
    const removed = await pruneBackups(dir, 2, new Date('2026-01-04T00:00:00Z'));
    expect(removed.sort()).toEqual([failedOld, oldest].sort());
    expect(readdirSync(dir).sort()).toEqual(
      [second, `${second}.json`, third, `${third}.json`, failedNew, `${failedNew}.json`].sort(),
    );
  });

  it('keep failed ones for a look, but no more than BACKUP_KEEP of them', async () => {
    const failures = ['01', '02', '03'].map((day) => backup(`2026-01-${day}T00:00:00Z`, false));
    await pruneBackups(dir, 2, new Date('2026-01-04T00:00:00Z'));
    expect(readdirSync(dir).filter((name) => !name.endsWith('.json'))).toEqual(failures.slice(1));
  });

  it('lose the leftovers of an interrupted run once a day old', async () => {
    const now = new Date('2026-01-04T00:00:00Z');
    const stale = ['.backup-20260101T000000Z-embedded.tar.gz.99.ab.tmp', '.manifest.99.cd.tmp'];
    const orphan = 'backup-20260101T000000Z-embedded.tar.gz.json';
    const fresh = '.backup-20260103T235900Z-embedded.tar.gz.99.ef.tmp';
    for (const name of [...stale, orphan, fresh]) writeFileSync(join(dir, name), '');
    const dayAgo = new Date(now.getTime() - 25 * 3_600_000);
    for (const name of [...stale, orphan]) utimesSync(join(dir, name), dayAgo, dayAgo);
    utimesSync(join(dir, fresh), now, now);
    await pruneBackups(dir, 2, now);
    expect(readdirSync(dir)).toEqual([fresh]);
  });
});

describe('the schedule', () => {
  it('runs every BACKUP_EVERY_HOURS from 00:00 UTC (02:00 in South Africa)', () => {
    const at = (iso: string, hours: number) => nextBackupRun(new Date(iso), hours).toISOString();
    expect(at('2026-03-10T13:45:00Z', 24)).toBe('2026-03-11T00:00:00.000Z');
    expect(at('2026-03-10T00:00:00Z', 24)).toBe('2026-03-11T00:00:00.000Z');
    expect(at('2026-03-10T13:45:00Z', 6)).toBe('2026-03-10T18:00:00.000Z');
    expect(at('2026-03-10T13:45:00Z', 1)).toBe('2026-03-10T14:00:00.000Z');
  });

  it('is configured by BACKUP_DIR, BACKUP_EVERY_HOURS and BACKUP_KEEP, each checked', () => {
    const base = { DATA_DIR: '/srv/shop' };
    expect(loadConfig(base).backups).toEqual({
      dir: '/srv/shop/backups',
      everyHours: 24,
      keep: 14,
    });
    expect(loadConfig({ DATA_DIR: 'memory://' }).backups.dir).toBeNull();
    expect(
      loadConfig({ ...base, BACKUP_DIR: '/mnt/b', BACKUP_EVERY_HOURS: '0', BACKUP_KEEP: '30' })
        .backups,
    ).toEqual({ dir: '/mnt/b', everyHours: 0, keep: 30 });
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ BACKUP_EVERY_HOURS: 'daily' })).toBe(
      'Invalid configuration: BACKUP_EVERY_HOURS must be a whole number of hours from 0 (off) to 168 (got "daily")',
    );
    expect(refused({ BACKUP_EVERY_HOURS: '1.5' })).toMatch(/BACKUP_EVERY_HOURS must be a whole/);
    expect(refused({ BACKUP_EVERY_HOURS: '200' })).toMatch(/BACKUP_EVERY_HOURS .* to 168/);
    expect(refused({ BACKUP_KEEP: '0' })).toBe(
      'Invalid configuration: BACKUP_KEEP must be a number of backups to keep from 1 to 1000 (got "0")',
    );
  });
});

describe('the checks', () => {
  it('name every table that differs and a different latest invoice', () => {
    const backup = {
      tables: { orders: 3, invoices: 2 },
      latestInvoice: { number: 1002, totalCents: 99_900 },
    };
    expect(compareFacts(backup, structuredClone(backup)).problems).toEqual([]);
    expect(
      compareFacts(backup, {
        tables: { orders: 2, extra: 0 },
        latestInvoice: { number: 1001, totalCents: 99_900 },
      }).problems,
    ).toEqual([
      "table extra is not in the backup's record",
      'table invoices is missing (backup says 2 rows)',
      'table orders has 2 rows, the backup says 3',
      'latest invoice is #1001 of 99900 cents, the backup says #1002 of 99900 cents',
    ]);
  });

  it('stop a client program that runs too long, and say why one failed', async () => {
    await expect(runTool('sleep', ['5'], { timeoutMs: 200 })).rejects.toThrow(
      'sleep did not finish within 0.2 s',
    );
    await expect(runTool('pg_dump-not-here', [], { timeoutMs: 1000 })).rejects.toThrow(
      /pg_dump-not-here is not installed/,
    );
    await expect(
      runTool('sh', ['-c', 'echo "connection refused" >&2; exit 3'], { timeoutMs: 5000 }),
    ).rejects.toThrow('sh failed (exit code 3): connection refused');
  });
});
