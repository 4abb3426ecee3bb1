import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { runRestoreDrill } from '../src/server/features/backups/restore-drill.ts';

/**
 * The restore drill (README "Backups"):
 *   npm run backup:restore-drill [-- --dir <folder>] [-- --file <backup name>]
 * Restores the newest backup in BACKUP_DIR (the server's settings: BACKUP_DIR, else
 * DATA_DIR/backups) into a scratch database — a fresh in-memory PGlite, or a database created
 * and dropped again on the server of DATABASE_URL — checks its row counts and latest invoice
 * against its manifest, prints the report and exits 1 on any difference (2 when it cannot start).
 */
function stop(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values } = parseArgs({
  options: { dir: { type: 'string' }, file: { type: 'string' } },
  strict: true,
});

let config;
try {
  config = loadConfig();
} catch (error) {
  stop(error instanceof ConfigError ? error.message : String(error));
}
const backupDir = values.dir ?? config.backups.dir;
if (!backupDir) stop('No backup folder: set BACKUP_DIR (or pass --dir <folder>)');

const report = await runRestoreDrill({
  backupDir,
  databaseUrl: config.databaseUrl,
  file: values.file,
});
for (const line of report.lines) console.log(line);
process.exit(report.ok ? 0 : 1);
