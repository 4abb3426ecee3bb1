import { formatDateTime } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { compareFacts, type DatabaseFacts } from './backup-facts.ts';
import { fileDigest, listBackupFiles, type BackupFile } from './backup-files.ts';
import { backupTimeoutMs } from './backups.service.ts';
import { embeddedBackupFacts, restoreIntoScratchDatabase } from './restore.ts';

export interface DrillReport {
  /** True only when the backup restored and every check matched. */
  ok: boolean;
  /** The backup drilled, when there was one. */
  backup: string | null;
  /** The report, line by line, as printed. */
  lines: string[];
}

const engineNames = { embedded: 'embedded database (PGlite)', postgres: 'PostgreSQL' } as const;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const invoice = (facts: DatabaseFacts['latestInvoice']) =>
  facts ? `#${facts.number}, ${formatZAR(facts.totalCents)}` : 'none';

function failed(lines: string[], backup: string | null, why: string): DrillReport {
  return { ok: false, backup, lines: [...lines, '', `FAILED: ${why}`] };
}

/**
 * The restore drill: the newest backup in `backupDir` (or `file`) restored where it cannot hurt
 * — an embedded one into a fresh in-memory PGlite, a PostgreSQL one into a scratch database
 * created on the server of `databaseUrl` and dropped after — then every table's row count and
 * the latest invoice compared with what its manifest recorded when it was taken, and its
 * checksum with the file. A backup nobody has restored is a hope; this makes it a fact.
 */
export async function runRestoreDrill(options: {
  backupDir: string;
  databaseUrl?: string | undefined;
  file?: string | undefined;
  timeoutMs?: number;
}): Promise<DrillReport> {
  const timeoutMs = options.timeoutMs ?? backupTimeoutMs;
  const files = await listBackupFiles(options.backupDir);
  const chosen: BackupFile | undefined = options.file
    ? files.find((file) => file.name === options.file)
    : files[0];
  const lines = [`Restore drill of ${options.backupDir}`];
  if (!chosen) {
    return failed(
      lines,
      null,
      options.file ? `no backup named ${options.file} there` : 'no backup there to restore',
    );
  }
  lines[0] = `Restore drill: ${chosen.name}`;
  lines.push(`  folder      ${options.backupDir}`);
  const manifest = chosen.manifest;
  if (!manifest) {
    return failed(lines, chosen.name, `no manifest (${chosen.name}.json) to check it against`);
  }
  lines.push(
    `  taken       ${formatDateTime(manifest.createdAt)} (${manifest.trigger === 'owner' ? 'asked for by an owner' : 'scheduled'}), ${engineNames[manifest.engine]}, ${mb(manifest.bytes)}`,
    `  verified    when taken: ${manifest.verification.ok ? 'yes' : 'NO'} (${manifest.verification.error ?? manifest.verification.detail})`,
  );
  const problems: string[] = [];
  const digest = await fileDigest(chosen.path);
  const checksumOk = digest.sha256 === manifest.sha256 && digest.bytes === manifest.bytes;
  lines.push(
    `  checksum    ${checksumOk ? 'sha256 matches the manifest' : 'DIFFERS from the manifest'}`,
  );
  if (!checksumOk) problems.push('the file is not the one the manifest describes (sha256)');

  const started = Date.now();
  let restored: DatabaseFacts;
  try {
    if (manifest.engine === 'embedded') {
      restored = await embeddedBackupFacts(chosen.path);
      lines.push(`  restored    into a fresh in-memory PGlite in ${seconds(Date.now() - started)}`);
    } else {
      if (!options.databaseUrl) {
        return failed(
          lines,
          chosen.name,
          'a PostgreSQL backup restores into a scratch database on a server: set DATABASE_URL (its login needs CREATEDB)',
        );
      }
      const scratch = await restoreIntoScratchDatabase(options.databaseUrl, chosen.path, timeoutMs);
      restored = scratch.facts;
      lines.push(
        `  restored    with pg_restore into scratch database ${scratch.name} in ${seconds(Date.now() - started)} (dropped again)`,
      );
    }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return failed(lines, chosen.name, `the backup did not restore: ${why}`);
  }

  const comparison = compareFacts(manifest.facts, restored);
  const width = Math.max(28, ...comparison.tables.map((check) => check.table.length + 2));
  const column = (value: number | null) => String(value ?? '—').padStart(10);
  lines.push('', `  ${'table'.padEnd(width)}${'backup'.padStart(10)}${'restored'.padStart(10)}`);
  for (const check of comparison.tables) {
    lines.push(
      `  ${check.table.padEnd(width)}${column(check.expected)}${column(check.actual)}${check.ok ? '' : '   <- MISMATCH'}`,
    );
  }
  lines.push(
    '',
    `  latest invoice: backup ${invoice(manifest.facts.latestInvoice)}; restored ${invoice(restored.latestInvoice)}${comparison.invoiceOk ? ' (match)' : '   <- MISMATCH'}`,
  );
  problems.push(...comparison.problems);
  if (problems.length > 0) {
    return {
      ok: false,
      backup: chosen.name,
      lines: [
        ...lines,
        '',
        `FAILED: ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
        ...problems.map((problem) => `  - ${problem}`),
      ],
    };
  }
  return {
    ok: true,
    backup: chosen.name,
    lines: [
      ...lines,
      '',
      `PASSED: all ${comparison.tables.length} tables and the latest invoice match the backup's manifest.`,
    ],
  };
}
