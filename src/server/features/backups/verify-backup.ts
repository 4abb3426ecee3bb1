import type { BackupEngine } from '#shared/backups.schemas.ts';
import { compareFacts, type DatabaseFacts } from './backup-facts.ts';
import type { BackupManifest } from './backup-files.ts';
import { dumpTableList, embeddedBackupFacts } from './restore.ts';

export type Verification = BackupManifest['verification'];

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Reads a backup back right after writing it, so a bad one is known the day it is made, not the
 * day it is needed:
 * - embedded: the image is loaded into a fresh in-memory PGlite (PostgreSQL starts on it and
 *   recovers) and every table's rows and the latest invoice must equal what was dumped. About a
 *   second for this shop's size; the full proof, where a tar listing would prove little.
 * - PostgreSQL: `pg_restore --list` must read the dump's table of contents and find the data of
 *   every table that was counted. A full restore needs a scratch database (CREATEDB) and takes
 *   as long as the dump: that is the restore drill's job (scripts/restore-drill.ts).
 */
export async function verifyBackup(options: {
  engine: BackupEngine;
  file: string;
  facts: DatabaseFacts;
  timeoutMs: number;
  now: Date;
}): Promise<Verification> {
  const checkedAt = options.now.toISOString();
  const tableCount = Object.keys(options.facts.tables).length;
  try {
    if (options.engine === 'embedded') {
      const restored = await embeddedBackupFacts(options.file);
      const { problems } = compareFacts(options.facts, restored);
      return problems.length === 0
        ? {
            ok: true,
            checkedAt,
            detail: `loaded into a fresh PGlite: the rows of all ${tableCount} tables and the latest invoice match`,
            error: null,
          }
        : {
            ok: false,
            checkedAt,
            detail: 'loaded into a fresh PGlite',
            error: problems.slice(0, 5).join('; '),
          };
    }
    const listed = await dumpTableList(options.file, options.timeoutMs);
    const missing = Object.keys(options.facts.tables).filter((table) => !listed.has(table));
    return missing.length === 0
      ? {
          ok: true,
          checkedAt,
          detail: `pg_restore --list reads it: the data of all ${tableCount} tables is there`,
          error: null,
        }
      : {
          ok: false,
          checkedAt,
          detail: 'pg_restore --list',
          error: `no data in the dump for ${missing.slice(0, 10).join(', ')}`,
        };
  } catch (error) {
    return { ok: false, checkedAt, detail: 'could not be read back', error: message(error) };
  }
}
